package io.bolide.protocol.frame;

import java.nio.charset.StandardCharsets;

/**
 * Scanning of the JSON header text in place, by index into the header bytes. A hand-written scanner
 * rather than a JSON library because the header is parsed for every frame: it must read keys
 * without allocating them and leave values in the buffer until a header codec asks for them
 * (docs/architecture.md rules 1 and 3). Bodies, which are not per-message, go through Jackson.
 */
final class JsonText {
    static final byte[] TRUE = {'t', 'r', 'u', 'e'};
    static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
    private static final byte[] NULL = {'n', 'u', 'l', 'l'};

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

    /**
     * End (exclusive) of the scalar that is not a string at {@code pos}: {@code true}, {@code
     * false}, {@code null} or a number in strict JSON grammar.
     *
     * @throws ProtocolDecodeException if none starts there
     */
    static int bareEnd(byte[] h, int pos, int end) {
        if (pos < end) {
            byte first = h[pos];
            if (first == '-' || (first >= '0' && first <= '9')) {
                return JsonNumber.end(h, pos, end);
            }
            byte[] literal =
                    first == 't' ? TRUE : first == 'f' ? FALSE : first == 'n' ? NULL : null;
            if (literal != null
                    && end - pos >= literal.length
                    && Ascii.regionEquals(h, pos, literal)) {
                return pos + literal.length;
            }
        }
        throw new ProtocolDecodeException("malformed JSON header: value expected at byte " + pos);
    }

    /** Whether {@code [from, to)}, a token checked by {@link #bareEnd}, is {@code null}. */
    static boolean isNull(byte[] h, int from, int to) {
        return to - from == 4 && h[from] == 'n';
    }

    /**
     * The text the reference reads into a string field from the token {@code [from, to)} checked by
     * {@link #bareEnd}: null for {@code null}, booleans as written, numbers as {@link
     * JsonNumber#text} gives them.
     */
    static String scalarText(byte[] h, int from, int to) {
        if (isNull(h, from, to)) {
            return null;
        }
        return isNumber(h, from)
                ? JsonNumber.text(h, from, to)
                : new String(h, from, to - from, StandardCharsets.ISO_8859_1);
    }

    /** Whether {@code [from, to)}, a token checked by {@link #bareEnd}, is a number. */
    static boolean isNumber(byte[] h, int from) {
        return h[from] == '-' || (h[from] >= '0' && h[from] <= '9');
    }

    /**
     * Skips one value of any kind starting at {@code pos}; returns the index after it. Nested
     * containers are walked with an explicit stack, not recursion, so that hostile nesting costs
     * memory in proportion to the header (one bit a level), never the thread's stack.
     */
    static int skipValue(byte[] h, int pos, int end) {
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
        return new ContainerSkipper(h, end).skip(pos);
    }
}
