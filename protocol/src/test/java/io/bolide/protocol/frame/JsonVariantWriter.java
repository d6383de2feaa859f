package io.bolide.protocol.frame;

import java.util.Random;

/**
 * Writes JSON the many legal ways a client in another language might: whitespace at every place
 * JSON allows it, characters escaped when they need not be ({@code \}{@code uXXXX} in either hex
 * case, surrogate pairs as two escapes, the short escapes), random nested values. With {@code
 * plain} set it writes what the Java client writes: no whitespace, only the escapes it needs.
 */
final class JsonVariantWriter {
    private static final String[] SPACES = {" ", "\n", "\t", "\r\n", "  ", " \t\n "};
    private static final String[] NUMBERS = {
        "0",
        "-0",
        "7",
        "-12",
        "12.50",
        "-0.0",
        "0.0000001",
        "0.001",
        "1e0",
        "1.0e0",
        "1.5e3",
        "2E-2",
        "-0e5",
        "1E+2",
        "12.5e+1",
        "9223372036854775808",
        "123456789012345678901234",
        "0.1234567890123456789",
        "100.000",
        "3.14159"
    };

    private final Random random;
    private final RandomText text;
    private final boolean plain;
    private final StringBuilder out = new StringBuilder();

    JsonVariantWriter(Random random, boolean plain) {
        this.random = random;
        this.text = new RandomText(random);
        this.plain = plain;
    }

    /** Writes {@code raw} as it is: punctuation or a number. */
    JsonVariantWriter raw(String raw) {
        out.append(raw);
        return this;
    }

    /** Whitespace, or nothing, at a place JSON allows it. */
    JsonVariantWriter space() {
        if (!plain && random.nextInt(3) == 0) {
            out.append(SPACES[random.nextInt(SPACES.length)]);
        }
        return this;
    }

    /**
     * {@code "key":} with whitespace around the colon. Characters beyond the BMP are always escaped
     * in keys: fastjson2 2.0.43 rejects their raw four-byte UTF-8 form in a key ("malformed
     * input"), a bug of the reference that Bolide does not share.
     */
    JsonVariantWriter key(String key) {
        return string(key, true).space().raw(":").space();
    }

    /** A JSON string holding exactly {@code value}. */
    JsonVariantWriter string(String value) {
        return string(value, false);
    }

    private JsonVariantWriter string(String value, boolean key) {
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20
                    || (key && Character.isSurrogate(c))
                    || (!plain && random.nextInt(8) == 0)) {
                escape(c);
            } else {
                out.append(c);
            }
        }
        out.append('"');
        return this;
    }

    private void escape(char c) {
        String shortForm = shortEscape(c);
        if (shortForm != null && (plain || random.nextBoolean())) {
            out.append(shortForm);
            return;
        }
        String hex = String.format("%04x", (int) c);
        out.append("\\u").append(random.nextBoolean() ? hex : hex.toUpperCase());
    }

    private String shortEscape(char c) {
        switch (c) {
            case '\b':
                return "\\b";
            case '\f':
                return "\\f";
            case '\n':
                return "\\n";
            case '\r':
                return "\\r";
            case '\t':
                return "\\t";
            case '/':
                return plain ? null : "\\/";
            default:
                return null;
        }
    }

    /** A random JSON number text from a table of shapes, or a random integer. */
    String number() {
        if (random.nextBoolean()) {
            return NUMBERS[random.nextInt(NUMBERS.length)];
        }
        return Long.toString(random.nextInt(3) == 0 ? random.nextLong() : random.nextInt(100_000));
    }

    /** A random value of any kind, nested up to {@code depth} more levels. */
    JsonVariantWriter anyValue(int depth) {
        int kind = random.nextInt(depth > 0 ? 8 : 6);
        switch (kind) {
            case 0:
                return string(text.any(20));
            case 1:
                return raw(number());
            case 2:
                return raw(random.nextBoolean() ? "true" : "false");
            case 3:
                return raw("null");
            case 4:
            case 5:
                return string(text.key(8));
            case 6:
                return array(depth - 1);
            default:
                return object(depth - 1);
        }
    }

    private JsonVariantWriter array(int depth) {
        raw("[").space();
        for (int n = random.nextInt(4), i = 0; i < n; i++) {
            if (i > 0) {
                space().raw(",").space();
            }
            anyValue(depth);
        }
        return space().raw("]");
    }

    private JsonVariantWriter object(int depth) {
        raw("{").space();
        for (int n = random.nextInt(4), i = 0; i < n; i++) {
            if (i > 0) {
                space().raw(",").space();
            }
            key(text.any(6)).anyValue(depth);
        }
        return space().raw("}");
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
