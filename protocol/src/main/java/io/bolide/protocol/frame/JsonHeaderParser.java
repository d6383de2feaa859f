package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
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

    static void parse(ByteBuf buf, int start, int end, RemotingCommand command) {
        int pos = JsonText.expect(buf, start, end, '{');
        pos = JsonText.skipWhitespace(buf, pos, end);
        if (pos < end && buf.getByte(pos) == '}') {
            return;
        }
        while (true) {
            int keyFrom = JsonText.expect(buf, pos, end, '"');
            int keyTo = JsonText.stringEnd(buf, keyFrom, end);
            pos = JsonText.skipWhitespace(buf, JsonText.expect(buf, keyTo + 1, end, ':'), end);
            pos =
                    JsonText.skipWhitespace(
                            buf, readField(buf, keyFrom, keyTo, pos, end, command), end);
            if (pos >= end) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated object");
            }
            byte next = buf.getByte(pos++);
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
            ByteBuf buf, int keyFrom, int keyTo, int pos, int end, RemotingCommand command) {
        int keyLength = keyTo - keyFrom;
        if (keyLength == 4 && Ascii.regionEquals(buf, keyFrom, CODE)) {
            int to = JsonText.bareEnd(buf, pos, end);
            command.code =
                    (int) Ascii.parseLong(buf, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 6 && Ascii.regionEquals(buf, keyFrom, OPAQUE)) {
            int to = JsonText.bareEnd(buf, pos, end);
            command.opaque =
                    (int) Ascii.parseLong(buf, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 4 && Ascii.regionEquals(buf, keyFrom, FLAG)) {
            int to = JsonText.bareEnd(buf, pos, end);
            command.flag =
                    (int) Ascii.parseLong(buf, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 7 && Ascii.regionEquals(buf, keyFrom, VERSION)) {
            int to = JsonText.bareEnd(buf, pos, end);
            command.version =
                    (int) Ascii.parseLong(buf, pos, to, Integer.MIN_VALUE, Integer.MAX_VALUE);
            return to;
        }
        if (keyLength == 9 && Ascii.regionEquals(buf, keyFrom, EXT_FIELDS)) {
            return readExtFields(buf, pos, end, command);
        }
        if (keyLength == 6 && Ascii.regionEquals(buf, keyFrom, REMARK)) {
            return readRemark(buf, pos, end, command);
        }
        if (keyLength == 8 && Ascii.regionEquals(buf, keyFrom, LANGUAGE)) {
            return readLanguage(buf, pos, end, command);
        }
        return JsonText.skipValue(buf, pos, end, 0);
    }

    private static int readExtFields(ByteBuf buf, int pos, int end, RemotingCommand command) {
        if (pos < end && buf.getByte(pos) == 'n') {
            return JsonText.bareEnd(buf, pos, end);
        }
        if (pos >= end || buf.getByte(pos) != '{') {
            throw new ProtocolDecodeException("malformed JSON header: extFields is not an object");
        }
        int after = JsonText.skipValue(buf, pos, end, 0);
        command.extStart = pos + 1;
        command.extEnd = after;
        return after;
    }

    private static int readRemark(ByteBuf buf, int pos, int end, RemotingCommand command) {
        if (pos < end && buf.getByte(pos) == '"') {
            int to = JsonText.stringEnd(buf, pos + 1, end);
            command.remark = JsonText.decodeString(buf, pos + 1, to);
            return to + 1;
        }
        int to = JsonText.bareEnd(buf, pos, end);
        // null stays null; a bare number or boolean is taken as its text, as fastjson does.
        command.remark =
                to - pos == 4 && buf.getByte(pos) == 'n'
                        ? null
                        : buf.toString(pos, to - pos, StandardCharsets.US_ASCII);
        return to;
    }

    private static int readLanguage(ByteBuf buf, int pos, int end, RemotingCommand command) {
        if (pos < end && buf.getByte(pos) == '"') {
            int to = JsonText.stringEnd(buf, pos + 1, end);
            command.language = LanguageCode.ofName(buf, pos + 1, to);
            return to + 1;
        }
        int to = JsonText.bareEnd(buf, pos, end);
        boolean isNull = to - pos == 4 && buf.getByte(pos) == 'n';
        command.language =
                isNull
                        ? LanguageCode.UNKNOWN
                        : LanguageCode.ofOrdinal(
                                Ascii.parseLong(buf, pos, to, Long.MIN_VALUE, Long.MAX_VALUE));
        return to;
    }
}
