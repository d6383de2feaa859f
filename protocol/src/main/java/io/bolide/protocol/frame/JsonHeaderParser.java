package io.bolide.protocol.frame;

import java.nio.charset.StandardCharsets;

/**
 * Reads the top-level keys of a JSON header in place, whatever its layout: any key order,
 * whitespace wherever JSON allows it, escaped keys, numbers written as strings or with fractions,
 * {@code null} values. The {@code extFields} object is only delimited here (its values are read
 * later by a header codec); unknown keys are skipped, as the Java reference does. Anything that is
 * not a JSON object, or has bytes after it, is rejected.
 */
final class JsonHeaderParser {
    private static final byte[] CODE = ascii("code");
    private static final byte[] EXT_FIELDS = ascii("extFields");
    private static final byte[] FLAG = ascii("flag");
    private static final byte[] LANGUAGE = ascii("language");
    private static final byte[] OPAQUE = ascii("opaque");
    private static final byte[] REMARK = ascii("remark");
    private static final byte[] VERSION = ascii("version");

    private JsonHeaderParser() {}

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    static void parse(byte[] h, int start, int end, RemotingCommand command) {
        if (CanonicalJsonHeader.parse(h, start, end, command)) {
            return;
        }
        // The fast path may have set fields before it gave up: start again from a clean command.
        command.resetHeaderFields();
        int pos = JsonText.expectFast(h, start, end, '{');
        pos = JsonText.skipWhitespace(h, pos, end);
        if (pos < end && h[pos] == '}') {
            expectEnd(h, pos + 1, end);
            return;
        }
        while (true) {
            pos = readMember(h, pos, end, command);
            if (pos >= end) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated object");
            }
            byte next = h[pos++];
            if (next == '}') {
                expectEnd(h, pos, end);
                return;
            }
            if (next != ',') {
                throw new ProtocolDecodeException(
                        "malformed JSON header: ',' or '}' expected at byte " + (pos - 1));
            }
        }
    }

    /** Reads one {@code "key": value} at {@code pos}; returns the index after it and whitespace. */
    private static int readMember(byte[] h, int pos, int end, RemotingCommand command) {
        int keyFrom = JsonText.expectFast(h, pos, end, '"');
        long scanned = JsonString.scan(h, keyFrom, end);
        int keyTo = (int) scanned;
        pos = JsonText.skipWhitespace(h, JsonText.expectFast(h, keyTo + 1, end, ':'), end);
        if ((scanned & JsonString.ESCAPED) != 0) {
            // Legal but never written by a real client: match the unescaped key.
            byte[] key = JsonString.unescape(h, keyFrom, keyTo).getBytes(StandardCharsets.UTF_8);
            return JsonText.skipWhitespace(
                    h, readField(key, 0, key.length, h, pos, end, command), end);
        }
        return JsonText.skipWhitespace(h, readField(h, keyFrom, keyTo, h, pos, end, command), end);
    }

    /** Only whitespace may follow the object. */
    private static void expectEnd(byte[] h, int pos, int end) {
        if (JsonText.skipWhitespace(h, pos, end) != end) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: bytes after the object at byte " + pos);
        }
    }

    /**
     * Reads the value at {@code pos} of the key {@code [keyFrom, keyTo)} of {@code k}; returns the
     * index after the value.
     */
    private static int readField(
            byte[] k, int keyFrom, int keyTo, byte[] h, int pos, int end, RemotingCommand command) {
        // Dispatch on the key's length first: one compare rules out all but one or two keys.
        switch (keyTo - keyFrom) {
            case 4:
                if (Ascii.regionEquals(k, keyFrom, CODE)) {
                    long read = JsonIntValue.read(h, pos, end);
                    command.code = JsonIntValue.value(read);
                    return JsonIntValue.end(read);
                }
                if (Ascii.regionEquals(k, keyFrom, FLAG)) {
                    long read = JsonIntValue.read(h, pos, end);
                    command.flag = JsonIntValue.value(read);
                    return JsonIntValue.end(read);
                }
                break;
            case 6:
                return readSix(k, keyFrom, h, pos, end, command);
            case 7:
                if (Ascii.regionEquals(k, keyFrom, VERSION)) {
                    long read = JsonIntValue.read(h, pos, end);
                    command.version = JsonIntValue.value(read);
                    return JsonIntValue.end(read);
                }
                break;
            case 8:
                if (Ascii.regionEquals(k, keyFrom, LANGUAGE)) {
                    return readLanguage(h, pos, end, command);
                }
                break;
            case 9:
                if (Ascii.regionEquals(k, keyFrom, EXT_FIELDS)) {
                    return readExtFields(h, pos, end, command);
                }
                break;
            default:
                break;
        }
        return JsonText.skipValue(h, pos, end);
    }

    /** The six-letter keys: {@code opaque} and {@code remark}. */
    private static int readSix(
            byte[] k, int keyFrom, byte[] h, int pos, int end, RemotingCommand command) {
        if (Ascii.regionEquals(k, keyFrom, OPAQUE)) {
            long read = JsonIntValue.read(h, pos, end);
            command.opaque = JsonIntValue.value(read);
            return JsonIntValue.end(read);
        }
        if (Ascii.regionEquals(k, keyFrom, REMARK)) {
            return readRemark(h, pos, end, command);
        }
        return JsonText.skipValue(h, pos, end);
    }

    static int readExtFields(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == 'n') {
            int to = JsonText.bareEnd(h, pos, end);
            if (!JsonText.isNull(h, pos, to)) {
                throw new ProtocolDecodeException(
                        "malformed JSON header: extFields is not an object");
            }
            // A later null replaces an earlier map, as it does in the reference.
            command.extStart = -1;
            command.recordedFields(null);
            return to;
        }
        if (pos >= end || h[pos] != '{') {
            throw new ProtocolDecodeException("malformed JSON header: extFields is not an object");
        }
        // One checking walk that also records where each field lies: header codecs then read
        // the fields without scanning the text again.
        ExtFieldCursor fields = ExtFieldCursor.recordJson(h, pos + 1, end);
        command.extStart = pos + 1;
        command.extEnd = fields.recordedEnd();
        command.recordedFields(fields);
        return command.extEnd;
    }

    static int readRemark(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == '"') {
            int to = JsonText.stringEnd(h, pos + 1, end);
            command.remark = JsonText.decodeString(h, pos + 1, to);
            return to + 1;
        }
        int to = JsonText.bareEnd(h, pos, end);
        // null stays null; a number or boolean is taken as the text the reference gives it.
        command.remark = JsonText.scalarText(h, pos, to);
        return to;
    }

    private static int readLanguage(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == '"') {
            long scanned = JsonString.scan(h, pos + 1, end);
            int to = (int) scanned;
            command.language =
                    (scanned & JsonString.ESCAPED) != 0
                            ? LanguageCode.ofLenientName(JsonString.unescape(h, pos + 1, to))
                            : LanguageCode.ofName(h, pos + 1, to);
            return to + 1;
        }
        int to = JsonText.bareEnd(h, pos, end);
        command.language =
                JsonText.isNull(h, pos, to)
                        ? LanguageCode.UNKNOWN
                        : LanguageCode.ofOrdinal(
                                Ascii.parseLong(h, pos, to, Long.MIN_VALUE, Long.MAX_VALUE));
        return to;
    }
}
