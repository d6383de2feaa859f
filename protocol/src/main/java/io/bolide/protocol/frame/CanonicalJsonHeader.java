package io.bolide.protocol.frame;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The fast path for the one JSON header layout the Java reference (fastjson2) emits: compact, keys
 * in alphabetical order, {@code extFields} and {@code remark} optional:
 *
 * <pre>
 * {"code":N[,"extFields":{...}],"flag":N,"language":"NAME","opaque":N[,"remark":...],
 *  "serializeTypeCurrentRPC":"JSON","version":N}
 * </pre>
 *
 * Each key with its punctuation is matched as one constant, eight bytes per compare, instead of
 * being scanned, dispatched and compared. Any deviation (other clients' key order, whitespace,
 * unknown keys, a number that is not a plain run of digits, an escaped language name) answers false
 * and the general {@link JsonHeaderParser} parses the header afresh from a reset command. Only a
 * malformed value that the general parser would reject as well is thrown from here.
 */
final class CanonicalJsonHeader {
    private static final VarHandle WORDS =
            MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private static final byte[] CODE = ascii("{\"code\":");
    private static final byte[] EXT_FIELDS = ascii(",\"extFields\":{");
    private static final byte[] FLAG = ascii(",\"flag\":");
    private static final byte[] LANGUAGE = ascii(",\"language\":\"");
    private static final byte[] OPAQUE = ascii(",\"opaque\":");
    private static final byte[] REMARK = ascii(",\"remark\":");
    private static final byte[] TAIL = ascii(",\"serializeTypeCurrentRPC\":\"JSON\",\"version\":");

    private CanonicalJsonHeader() {}

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.US_ASCII);
    }

    /**
     * Parses {@code [start, end)} if it has the canonical layout.
     *
     * @return false if it has not (nothing is rejected here)
     * @throws ProtocolDecodeException if a canonical header holds a malformed value
     */
    static boolean parse(byte[] h, int start, int end, RemotingCommand command) {
        if (!matches(h, start, end, CODE)) {
            return false;
        }
        int pos = start + CODE.length;
        int to = digitsEnd(h, pos, end);
        if (to < 0) {
            return false;
        }
        command.code = parseInt(h, pos, to);
        pos = to;
        if (matches(h, pos, end, EXT_FIELDS)) {
            pos = JsonHeaderParser.readExtFields(h, pos + EXT_FIELDS.length - 1, end, command);
        }
        if (!matches(h, pos, end, FLAG)) {
            return false;
        }
        pos += FLAG.length;
        to = digitsEnd(h, pos, end);
        if (to < 0) {
            return false;
        }
        command.flag = parseInt(h, pos, to);
        return parseFromLanguage(h, to, end, command);
    }

    private static boolean parseFromLanguage(byte[] h, int pos, int end, RemotingCommand command) {
        if (!matches(h, pos, end, LANGUAGE)) {
            return false;
        }
        pos += LANGUAGE.length;
        long scanned = JsonString.scan(h, pos, end);
        if ((scanned & JsonString.ESCAPED) != 0) {
            return false;
        }
        int to = (int) scanned;
        command.language = LanguageCode.ofName(h, pos, to);
        pos = to + 1;
        if (!matches(h, pos, end, OPAQUE)) {
            return false;
        }
        pos += OPAQUE.length;
        to = digitsEnd(h, pos, end);
        if (to < 0) {
            return false;
        }
        command.opaque = parseInt(h, pos, to);
        pos = to;
        if (matches(h, pos, end, REMARK)) {
            pos = JsonHeaderParser.readRemark(h, pos + REMARK.length, end, command);
        }
        if (!matches(h, pos, end, TAIL)) {
            return false;
        }
        pos += TAIL.length;
        to = digitsEnd(h, pos, end);
        if (to != end - 1 || h[to] != '}') {
            return false;
        }
        command.version = parseInt(h, pos, to);
        return true;
    }

    /**
     * End of the optionally signed run of digits at {@code pos} that is a JSON integer, or -1 if
     * there is none (no digit, a leading zero, a fraction or exponent after it): the general parser
     * then decides. Whatever else follows, the caller's next literal check rejects.
     */
    private static int digitsEnd(byte[] h, int pos, int end) {
        if (pos < end && h[pos] == '-') {
            pos++;
        }
        int first = pos;
        while (pos < end && h[pos] >= '0' && h[pos] <= '9') {
            pos++;
        }
        boolean wellFormed = pos > first && (h[first] != '0' || pos == first + 1);
        boolean integer = pos == end || (h[pos] != '.' && (h[pos] | 0x20) != 'e');
        return wellFormed && integer ? pos : -1;
    }

    private static int parseInt(byte[] h, int from, int to) {
        return (int) Ascii.parseLong(h, from, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** Whether {@code literal} is at {@code pos}, compared eight bytes at a time. */
    private static boolean matches(byte[] h, int pos, int end, byte[] literal) {
        int length = literal.length;
        if (end - pos < length) {
            return false;
        }
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            if ((long) WORDS.get(h, pos + i) != (long) WORDS.get(literal, i)) {
                return false;
            }
        }
        for (; i < length; i++) {
            if (h[pos + i] != literal[i]) {
                return false;
            }
        }
        return true;
    }
}
