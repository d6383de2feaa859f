package io.bolide.protocol.frame;

import java.nio.charset.StandardCharsets;

/**
 * Reads the top-level keys of a JSON header in place. The {@code extFields} object is only
 * delimited here (its values are read later by a header codec); unknown keys are skipped, as the
 * Java reference does.
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
        int pos = JsonText.expect(h, start, end, '{');
        pos = JsonText.skipWhitespace(h, pos, end);
        if (pos < end && h[pos] == '}') {
            return;
        }
        while (true) {
            int keyFrom = JsonText.expect(h, pos, end, '"');
            int keyTo = JsonText.stringEnd(h, keyFrom, end);
            pos = JsonText.skipWhitespace(h, JsonText.expect(h, keyTo + 1, end, ':'), end);
            pos = JsonText.skipWhitespace(h, readField(h, keyFrom, keyTo, pos, end, command), end);
            if (pos >= end) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated object");
            }
            byte next = h[pos++];
            if (next == '}') {
                return;
            }
            if (next != ',') {
                throw new ProtocolDecodeException("malformed JSON header: ',' expected");
            }
        }
    }

    /** Reads the value of one top-level key at {@code pos}; returns the index after it. */
    private static int readField(
            byte[] h, int keyFrom, int keyTo, int pos, int end, RemotingCommand command) {
        int keyLength = keyTo - keyFrom;
        if (keyLength == 4 && Ascii.regionEquals(h, keyFrom, CODE)) {
            int to = JsonText.bareEnd(h, pos, end);
            command.code = (int) Ascii.parseLong(h, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 6 && Ascii.regionEquals(h, keyFrom, OPAQUE)) {
            int to = JsonText.bareEnd(h, pos, end);
            command.opaque =
                    (int) Ascii.parseLong(h, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 4 && Ascii.regionEquals(h, keyFrom, FLAG)) {
            int to = JsonText.bareEnd(h, pos, end);
            command.flag = (int) Ascii.parseLong(h, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 7 && Ascii.regionEquals(h, keyFrom, VERSION)) {
            int to = JsonText.bareEnd(h, pos, end);
            command.version =
                    (int) Ascii.parseLong(h, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 9 && Ascii.regionEquals(h, keyFrom, EXT_FIELDS)) {
            return readExtFields(h, pos, end, command);
        }
        if (keyLength == 6 && Ascii.regionEquals(h, keyFrom, REMARK)) {
            return readRemark(h, pos, end, command);
        }
        if (keyLength == 8 && Ascii.regionEquals(h, keyFrom, LANGUAGE)) {
            return readLanguage(h, pos, end, command);
        }
        return JsonText.skipValue(h, pos, end, 0);
    }

    private static int readExtFields(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == 'n') {
            return JsonText.bareEnd(h, pos, end);
        }
        if (pos >= end || h[pos] != '{') {
            throw new ProtocolDecodeException("malformed JSON header: extFields is not an object");
        }
        int after = JsonText.skipValue(h, pos, end, 0);
        command.extStart = pos + 1;
        command.extEnd = after;
        return after;
    }

    private static int readRemark(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == '"') {
            int to = JsonText.stringEnd(h, pos + 1, end);
            command.remark = JsonText.decodeString(h, pos + 1, to);
            return to + 1;
        }
        int to = JsonText.bareEnd(h, pos, end);
        // null stays null; a bare number or boolean is taken as its text, as fastjson does.
        command.remark =
                to - pos == 4 && h[pos] == 'n'
                        ? null
                        : new String(h, pos, to - pos, StandardCharsets.ISO_8859_1);
        return to;
    }

    private static int readLanguage(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == '"') {
            int to = JsonText.stringEnd(h, pos + 1, end);
            command.language = LanguageCode.ofName(h, pos + 1, to);
            return to + 1;
        }
        int to = JsonText.bareEnd(h, pos, end);
        boolean isNull = to - pos == 4 && h[pos] == 'n';
        command.language =
                isNull
                        ? LanguageCode.UNKNOWN
                        : LanguageCode.ofOrdinal(
                                Ascii.parseLong(h, pos, to, Long.MIN_VALUE, Long.MAX_VALUE));
        return to;
    }
}
