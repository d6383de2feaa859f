package io.bolide.protocol.frame;

/**
 * Scanning of the JSON header text in place, by index into the header bytes. A hand-written scanner
 * rather than a JSON library because the header is parsed for every frame: it must read keys
 * without allocating them and leave values in the buffer until a header codec asks for them
 * (docs/architecture.md rules 1 and 3). Bodies, which are not per-message, go through Jackson.
 */
final class JsonText {
    /** Nesting beyond this is hostile: no real header nests more than twice. */
    private static final int MAX_DEPTH = 32;

    /** ASCII bytes that may appear in a bare token (number, true, false, null). */
    private static final boolean[] BARE = bareChars();

    private JsonText() {}

    static int skipWhitespace(byte[] h, int pos, int end) {
        // The compact form has no whitespace: one compare settles the common case.
        if (pos >= end || h[pos] > ' ') {
            return pos;
        }
        while (pos < end) {
            byte b = h[pos];
            if (b != ' ' && b != '\n' && b != '\r' && b != '\t') {
                return pos;
            }
            pos++;
        }
        return pos;
    }

    /** Consumes {@code expected} at {@code pos} (after whitespace); returns the next position. */
    static int expect(byte[] h, int pos, int end, char expected) {
        pos = skipWhitespace(h, pos, end);
        if (pos >= end || h[pos] != expected) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: expected '" + expected + "' at byte " + pos);
        }
        return pos + 1;
    }

    /** {@link #expect} with the compact case (the byte itself at {@code pos}) tested first. */
    static int expectFast(byte[] h, int pos, int end, char expected) {
        return pos < end && h[pos] == expected ? pos + 1 : expect(h, pos, end, expected);
    }

    /**
     * Given {@code pos} just after an opening quote, returns the index of the closing quote.
     * Escapes are skipped, not decoded.
     */
    static int stringEnd(byte[] h, int pos, int end) {
        return (int) JsonString.scan(h, pos, end);
    }

    /** Whether {@code [from, to)} holds a backslash escape. */
    static boolean hasEscape(byte[] h, int from, int to) {
        for (int i = from; i < to; i++) {
            if (h[i] == '\\') {
                return true;
            }
        }
        return false;
    }

    /** Decodes the string content {@code [from, to)} (between the quotes). */
    static String decodeString(byte[] h, int from, int to) {
        return hasEscape(h, from, to)
                ? JsonString.unescape(h, from, to)
                : Utf8.decode(h, from, to - from);
    }

    /** End (exclusive) of the bare token (number, true, false, null) starting at {@code pos}. */
    static int bareEnd(byte[] h, int pos, int end) {
        int i = pos;
        while (i < end && isBareChar(h[i])) {
            i++;
        }
        int tokenEnd = i;
        if (tokenEnd == pos) {
            throw new ProtocolDecodeException(
                    "malformed JSON header: value expected at byte " + pos);
        }
        return tokenEnd;
    }

    private static boolean isBareChar(byte b) {
        return b >= 0 && BARE[b];
    }

    private static boolean[] bareChars() {
        boolean[] bare = new boolean[128];
        for (int c = 0; c < bare.length; c++) {
            bare[c] =
                    (c >= '0' && c <= '9')
                            || (c >= 'a' && c <= 'z')
                            || (c >= 'A' && c <= 'Z')
                            || c == '-'
                            || c == '+'
                            || c == '.';
        }
        return bare;
    }

    /** Skips one value of any kind starting at {@code pos}; returns the index after it. */
    static int skipValue(byte[] h, int pos, int end, int depth) {
        pos = skipWhitespace(h, pos, end);
        if (pos >= end) {
            throw new ProtocolDecodeException("malformed JSON header: value expected");
        }
        byte first = h[pos];
        if (first == '"') {
            return stringEnd(h, pos + 1, end) + 1;
        }
        if (first != '{' && first != '[') {
            return bareEnd(h, pos, end);
        }
        if (depth >= MAX_DEPTH) {
            throw new ProtocolDecodeException("malformed JSON header: nested too deeply");
        }
        return skipContainer(h, pos + 1, end, depth, first == '{' ? '}' : ']');
    }

    private static int skipContainer(byte[] h, int pos, int end, int depth, char close) {
        pos = skipWhitespace(h, pos, end);
        if (pos < end && h[pos] == close) {
            return pos + 1;
        }
        while (true) {
            if (close == '}') {
                pos = expect(h, pos, end, '"');
                pos = stringEnd(h, pos, end) + 1;
                pos = expect(h, pos, end, ':');
            }
            pos = skipWhitespace(h, skipValue(h, pos, end, depth + 1), end);
            if (pos >= end) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated container");
            }
            byte next = h[pos++];
            if (next == close) {
                return pos;
            }
            if (next != ',') {
                throw new ProtocolDecodeException("malformed JSON header: ',' expected");
            }
        }
    }
}
