package io.bolide.broker.grpc;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;

/**
 * The few DER (X.690) encodings a self-signed X.509 certificate is made of: a tag, a definite
 * length, the contents. Enough for {@link GeneratedCertificate}; not a general ASN.1 library.
 */
final class Der {
    static final int SEQUENCE = 0x30;
    static final int SET = 0x31;
    static final int INTEGER = 0x02;
    static final int BIT_STRING = 0x03;
    static final int OCTET_STRING = 0x04;
    static final int OID = 0x06;
    static final int UTF8_STRING = 0x0c;
    static final int UTC_TIME = 0x17;
    static final int GENERALIZED_TIME = 0x18;

    private Der() {}

    /** {@code tag}, the length of {@code parts} together, then the parts. */
    static byte[] tlv(int tag, byte[]... parts) {
        ByteArrayOutputStream contents = new ByteArrayOutputStream();
        for (byte[] part : parts) {
            contents.writeBytes(part);
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(contents.size() + 6);
        out.write(tag);
        int length = contents.size();
        if (length < 0x80) {
            out.write(length);
        } else {
            int bytes = (Integer.SIZE - Integer.numberOfLeadingZeros(length) + 7) / 8;
            out.write(0x80 | bytes);
            for (int i = bytes - 1; i >= 0; i--) {
                out.write(length >>> (8 * i));
            }
        }
        out.writeBytes(contents.toByteArray());
        return out.toByteArray();
    }

    static byte[] sequence(byte[]... parts) {
        return tlv(SEQUENCE, parts);
    }

    static byte[] integer(BigInteger value) {
        return tlv(INTEGER, value.toByteArray());
    }

    /** A BIT STRING of whole bytes (no unused bits). */
    static byte[] bits(byte[] value) {
        return tlv(BIT_STRING, new byte[] {0}, value);
    }

    static byte[] utf8(String text) {
        return tlv(UTF8_STRING, text.getBytes(StandardCharsets.UTF_8));
    }

    /** A validity time: UTCTime before 2050, GeneralizedTime from then on (RFC 5280 4.1.2.5). */
    static byte[] time(java.time.ZonedDateTime utc) {
        boolean utcTime = utc.getYear() < 2050;
        String text =
                java.time.format.DateTimeFormatter.ofPattern(
                                utcTime ? "yyMMddHHmmss'Z'" : "yyyyMMddHHmmss'Z'")
                        .format(utc);
        return tlv(utcTime ? UTC_TIME : GENERALIZED_TIME, text.getBytes(StandardCharsets.US_ASCII));
    }

    /** An object identifier from its dotted form ("1.2.840.10045.4.3.2"). */
    static byte[] oid(String dotted) {
        String[] arcs = dotted.split("\\.");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(Integer.parseInt(arcs[0]) * 40 + Integer.parseInt(arcs[1]));
        for (int i = 2; i < arcs.length; i++) {
            long arc = Long.parseLong(arcs[i]);
            int groups = Math.max(1, (Long.SIZE - Long.numberOfLeadingZeros(arc) + 6) / 7);
            for (int g = groups - 1; g >= 0; g--) {
                int seven = (int) ((arc >>> (7 * g)) & 0x7f);
                out.write(g == 0 ? seven : seven | 0x80);
            }
        }
        return tlv(OID, out.toByteArray());
    }
}
