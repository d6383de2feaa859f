package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;

/**
 * Scanning of the JSON header text in place, by absolute buffer index. A hand-written scanner
 * rather than a JSON library because the header is parsed for every frame: it must read keys
 * without allocating them and leave values in the buffer until a header codec asks for them
 * (DESIGN.md rules 1 and 3). Bodies, which are not per-message, go through Jackson.
 */
final class JsonText {
    /** Nesting beyond this is hostile: no real header nests more than twice. */
    private static final int MAX_DEPTH = 32;

    private JsonText() {}

    static int skipWhitespace(ByteBuf buf, int pos, int end) {
        while (pos < end) {
            byte b = buf.getByte(pos);
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return pos;
            }
            pos++;
        }
        return pos;
    }

    /** Consumes {@code expected} at {@code pos} (after whitespace); returns the next position. */
    static int expect(ByteBuf buf, int pos, int end, char expected) {
        pos = skipWhitespace(buf, pos, end);
        if (pos >= end || buf.getByte(pos) != expected) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: expected '" + expected + "' at byte " + pos);
        }
        return pos + 1;
    }

    /**
     * Given {@code pos} just after an opening quote, returns the index of the closing quote.
     * Escapes are skipped, not decoded.
     */
    static int stringEnd(ByteBuf buf, int pos, int end) {
        while (true) {
            int found =
                    pos < end ? buf.forEachByte(pos, end - pos, b -> b != '"' && b != '\\') : -1;
            if (found < 0) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated string");
            }
            if (buf.getByte(found) == '"') {
                return found;
            }
            pos = found + 2;
        }
    }

    /** Whether {@code [from, to)} holds a backslash escape. */
    static boolean hasEscape(ByteBuf buf, int from, int to) {
        return from < to && buf.indexOf(from, to, (byte) '\\') >= 0;
    }

    /** Decodes the string content {@code [from, to)} (between the quotes). */
    static String decodeString(ByteBuf buf, int from, int to) {
        if (!hasEscape(buf, from, to)) {
            return Utf8.decode(buf, from, to - from);
        }
        StringBuilder out = new StringBuilder(to - from);
        int runStart = from;
        int i = from;
        while (i < to) {
            if (buf.getByte(i) != '\\') {
                i++;
                continue;
            }
            out.append(Utf8.decode(buf, runStart, i - runStart));
            if (i + 1 >= to) {
                throw new ProtocolDecodeException("malformed JSON header: dangling escape");
            }
            i = appendEscape(buf, i + 1, to, out);
            runStart = i;
        }
        out.append(Utf8.decode(buf, runStart, to - runStart));
        return out.toString();
    }

    /** Appends the escape whose letter is at {@code pos}; returns the index after it. */
    private static int appendEscape(ByteBuf buf, int pos, int to, StringBuilder out) {
        byte letter = buf.getByte(pos);
        switch (letter) {
            case '"':
            case '\\':
            case '/':
                out.append((char) letter);
                return pos + 1;
            case 'b':
                out.append('\b');
                return pos + 1;
            case 'f':
                out.append('\f');
                return pos + 1;
            case 'n':
                out.append('\n');
                return pos + 1;
            case 'r':
                out.append('\r');
                return pos + 1;
            case 't':
                out.append('\t');
                return pos + 1;
            case 'u':
                if (pos + 5 > to) {
                    throw new ProtocolDecodeException("malformed JSON header: short \\u escape");
                }
                out.append((char) hex4(buf, pos + 1));
                return pos + 5;
            default:
                throw new ProtocolDecodeException(
                        "malformed JSON header: unknown escape \\" + (char) (letter & 0x7F));
        }
    }

    private static int hex4(ByteBuf buf, int pos) {
        int value = 0;
        for (int i = 0; i < 4; i++) {
            int digit = Character.digit(buf.getByte(pos + i), 16);
            if (digit < 0) {
                throw new ProtocolDecodeException("malformed JSON header: bad \\u escape");
            }
            value = value << 4 | digit;
        }
        return value;
    }

    /** End (exclusive) of the bare token (number, true, false, null) starting at {@code pos}. */
    static int bareEnd(ByteBuf buf, int pos, int end) {
        int found =
                buf.forEachByte(
                        pos,
                        end - pos,
                        b ->
                                (b >= '0' && b <= '9')
                                        || (b >= 'a' && b <= 'z')
                                        || b == '-'
                                        || b == '+'
                                        || b == '.'
                                        || (b >= 'A' && b <= 'Z'));
        int tokenEnd = found < 0 ? end : found;
        if (tokenEnd == pos) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: value expected at byte " + pos);
        }
        return tokenEnd;
    }

    /** Skips one value of any kind starting at {@code pos}; returns the index after it. */
    static int skipValue(ByteBuf buf, int pos, int end, int depth) {
        pos = skipWhitespace(buf, pos, end);
        if (pos >= end) {
            throw new ProtocolDecodeException("malformed JSON header: value expected");
        }
        byte first = buf.getByte(pos);
        if (first == '"') {
            return stringEnd(buf, pos + 1, end) + 1;
        }
        if (first != '{' && first != '[') {
            return bareEnd(buf, pos, end);
        }
        if (depth >= MAX_DEPTH) {
            throw new ProtocolDecodeException("malformed JSON header: nested too deeply");
        }
        return skipContainer(buf, pos + 1, end, depth, first == '{' ? '}' : ']');
    }

    private static int skipContainer(ByteBuf buf, int pos, int end, int depth, char close) {
        pos = skipWhitespace(buf, pos, end);
        if (pos < end && buf.getByte(pos) == close) {
            return pos + 1;
        }
        while (true) {
            if (close == '}') {
                pos = expect(buf, pos, end, '"');
                pos = stringEnd(buf, pos, end) + 1;
                pos = expect(buf, pos, end, ':');
            }
            pos = skipWhitespace(buf, skipValue(buf, pos, end, depth + 1), end);
            if (pos >= end) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated container");
            }
            byte next = buf.getByte(pos++);
            if (next == close) {
                return pos;
            }
            if (next != ',') {
                throw new ProtocolDecodeException("malformed JSON header: ',' expected");
            }
        }
    }
}
