package io.bolide.broker.grpc;

import java.io.ByteArrayInputStream;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * A self-signed server certificate (ECDSA P-256, SHA-256) made with the JDK alone: the key pair and
 * the signature come from the JDK's providers, the X.509 structure from {@link Der}. No library
 * beyond the JDK, so it is made alike on every JDK the broker runs on.
 *
 * @param certificate the certificate, subject and issuer {@code CN=<first name>}, the names as
 *     subject alternative names
 * @param key its private key
 */
record GeneratedCertificate(X509Certificate certificate, PrivateKey key) {
    private static final String ECDSA_SHA256 = "1.2.840.10045.4.3.2";
    private static final String COMMON_NAME = "2.5.4.3";
    private static final String SUBJECT_ALT_NAME = "2.5.29.17";
    private static final int DNS_NAME = 0x82;
    private static final int IP_ADDRESS = 0x87;

    /**
     * A new key pair and certificate for {@code names} (host names or IP literals), valid from a
     * day ago for {@code validity}.
     *
     * @throws GeneralSecurityException if the JDK has no P-256 key generator or ECDSA signer
     */
    static GeneratedCertificate create(List<String> names, Duration validity)
            throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
        generator.initialize(new ECGenParameterSpec("secp256r1"));
        KeyPair pair = generator.generateKeyPair();
        ZonedDateTime now = ZonedDateTime.now(ZoneOffset.UTC).withNano(0);
        byte[] algorithm = Der.sequence(Der.oid(ECDSA_SHA256));
        byte[] name = name(names.get(0));
        byte[] tbs =
                Der.sequence(
                        Der.tlv(0xa0, Der.integer(BigInteger.TWO)),
                        Der.integer(new BigInteger(64, new SecureRandom()).add(BigInteger.ONE)),
                        algorithm,
                        name,
                        Der.sequence(Der.time(now.minusDays(1)), Der.time(now.plus(validity))),
                        name,
                        pair.getPublic().getEncoded(),
                        Der.tlv(0xa3, Der.sequence(alternativeNames(names))));
        Signature signer = Signature.getInstance("SHA256withECDSA");
        signer.initSign(pair.getPrivate());
        signer.update(tbs);
        byte[] encoded = Der.sequence(tbs, algorithm, Der.bits(signer.sign()));
        X509Certificate certificate =
                (X509Certificate)
                        CertificateFactory.getInstance("X.509")
                                .generateCertificate(new ByteArrayInputStream(encoded));
        return new GeneratedCertificate(certificate, pair.getPrivate());
    }

    /** {@code localhost}, 127.0.0.1, ::1 and {@code host} when it is another name. */
    static List<String> namesFor(String host) {
        Set<String> names = new LinkedHashSet<>(List.of("localhost", "127.0.0.1", "::1"));
        if (host != null && !host.isBlank() && !host.equals("0.0.0.0")) {
            names.add(host.trim());
        }
        return new ArrayList<>(names);
    }

    private static byte[] name(String commonName) {
        return Der.sequence(
                Der.tlv(Der.SET, Der.sequence(Der.oid(COMMON_NAME), Der.utf8(commonName))));
    }

    private static byte[] alternativeNames(List<String> names) {
        List<byte[]> entries = new ArrayList<>();
        for (String name : names) {
            entries.add(
                    isIpLiteral(name)
                            ? Der.tlv(IP_ADDRESS, address(name))
                            : Der.tlv(DNS_NAME, name.getBytes(StandardCharsets.US_ASCII)));
        }
        byte[] extension =
                Der.sequence(
                        Der.oid(SUBJECT_ALT_NAME),
                        Der.tlv(Der.OCTET_STRING, Der.sequence(entries.toArray(byte[][]::new))));
        return extension;
    }

    private static boolean isIpLiteral(String name) {
        return name.contains(":") || name.matches("[0-9.]+");
    }

    private static byte[] address(String literal) {
        try {
            return InetAddress.getByName(literal).getAddress(); // a literal: no lookup
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException("not an IP address: " + literal, e);
        }
    }
}
