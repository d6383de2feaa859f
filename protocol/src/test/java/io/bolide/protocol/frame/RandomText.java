package io.bolide.protocol.frame;

import java.util.Random;

/**
 * Random strings that stress a codec: ASCII, JSON metacharacters and control characters, two-byte,
 * three-byte and four-byte (surrogate pair) UTF-8. Never a lone surrogate, which has no UTF-8 form
 * at all.
 */
public final class RandomText {
    private static final String ALPHABET = "abcXYZ019_-.:%;,/ ";
    private static final String NASTY = "\"\\{}[]\n\r\t\b\f\u0000\u0001\u001f\u007f";
    private static final String WIDE = "éßñ€中文字日本語한국어Ωж";
    private static final String ASTRAL = "\uD83D\uDE00\uD83C\uDF89\uD800\uDC00";

    private final Random random;

    public RandomText(Random random) {
        this.random = random;
    }

    /** A string of up to {@code maxChars} code units of every kind, possibly empty. */
    public String any(int maxChars) {
        int length = random.nextInt(maxChars + 1);
        StringBuilder text = new StringBuilder(length + 1);
        while (text.length() < length) {
            int kind = random.nextInt(10);
            if (kind < 5) {
                text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            } else if (kind < 7) {
                text.append(NASTY.charAt(random.nextInt(NASTY.length())));
            } else if (kind < 9) {
                text.append(WIDE.charAt(random.nextInt(WIDE.length())));
            } else {
                int pair = random.nextInt(ASTRAL.length() / 2) * 2;
                text.append(ASTRAL, pair, pair + 2);
            }
        }
        return text.toString();
    }

    /** Like {@link #any} but never empty. */
    public String nonEmpty(int maxChars) {
        String text = any(Math.max(1, maxChars - 1));
        return text.isEmpty() ? "x" + text : text;
    }

    /** An identifier-like key, as every real ext-field key is: {@code [A-Za-z_][A-Za-z0-9_]*}. */
    public String key(int maxChars) {
        String first = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";
        String rest = first + "0123456789";
        int length = 1 + random.nextInt(maxChars);
        StringBuilder key = new StringBuilder(length);
        key.append(first.charAt(random.nextInt(first.length())));
        for (int i = 1; i < length; i++) {
            key.append(rest.charAt(random.nextInt(rest.length())));
        }
        return key.toString();
    }
}
