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
        if (CanonicalJsonHeader.parse(h, start, end, command)) {
            return;
        }
        int pos = JsonText.expectFast(h, start, end, '{');
        pos = JsonText.skipWhitespace(h, pos, end);
        if (pos < end && h[pos] == '}') {
            return;
        }
        while (true) {
            int keyFrom = JsonText.expectFast(h, pos, end, '"');
            int keyTo = JsonText.stringEnd(h, keyFrom, end);
            pos = JsonText.skipWhitespace(h, JsonText.expectFast(h, keyTo + 1, end, ':'), end);
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
        // Dispatch on the key's length first: one compare rules out all but one or two keys.
        switch (keyTo - keyFrom) {
            case 4:
                if (Ascii.regionEquals(h, keyFrom, CODE)) {
                    int to = JsonText.bareEnd(h, pos, end);
                    command.code = parseInt(h, pos, to);
                    return to;
                }
                if (Ascii.regionEquals(h, keyFrom, FLAG)) {
                    int to = JsonText.bareEnd(h, pos, end);
                    command.flag = parseInt(h, pos, to);
                    return to;
                }
                break;
            case 6:
                return readSix(h, keyFrom, pos, end, command);
            case 7:
                if (Ascii.regionEquals(h, keyFrom, VERSION)) {
                    int to = JsonText.bareEnd(h, pos, end);
                    command.version = parseInt(h, pos, to);
                    return to;
                }
                break;
            case 8:
                if (Ascii.regionEquals(h, keyFrom, LANGUAGE)) {
                    return readLanguage(h, pos, end, command);
                }
                break;
            case 9:
                if (Ascii.regionEquals(h, keyFrom, EXT_FIELDS)) {
                    return readExtFields(h, pos, end, command);
                }
                break;
            default:
                break;
        }
        return JsonText.skipValue(h, pos, end, 0);
    }

    /** The six-letter keys: {@code opaque} and {@code remark}. */
    private static int readSix(byte[] h, int keyFrom, int pos, int end, RemotingCommand command) {
        if (Ascii.regionEquals(h, keyFrom, OPAQUE)) {
            int to = JsonText.bareEnd(h, pos, end);
            command.opaque = parseInt(h, pos, to);
            return to;
        }
        if (Ascii.regionEquals(h, keyFrom, REMARK)) {
            return readRemark(h, pos, end, command);
        }
        return JsonText.skipValue(h, pos, end, 0);
    }

    private static int parseInt(byte[] h, int from, int to) {
        return (int) Ascii.parseLong(h, from, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    static int readExtFields(byte[] h, int pos, int end, RemotingCommand command) {
        if (pos < end && h[pos] == 'n') {
            return JsonText.bareEnd(h, pos, end);
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
