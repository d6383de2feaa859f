package io.bolide.protocol.frame;

import java.nio.charset.StandardCharsets;

/**
 * The sender's language: a byte in the binary header, the enum name in JSON. Nothing depends on it
 * beyond reporting connections, so an unknown name decodes to {@link #UNKNOWN}.
 */
public final class LanguageCode {
    public static final byte JAVA = 0;
    public static final byte CPP = 1;
    public static final byte DOTNET = 2;
    public static final byte PYTHON = 3;
    public static final byte DELPHI = 4;
    public static final byte ERLANG = 5;
    public static final byte RUBY = 6;
    public static final byte OTHER = 7;
    public static final byte HTTP = 8;
    public static final byte GO = 9;
    public static final byte PHP = 10;
    public static final byte OMS = 11;
    public static final byte RUST = 12;
    public static final byte NODE_JS = 13;

    /** A name or ordinal this table does not know. */
    public static final byte UNKNOWN = -1;

    private static final String[] NAMES = {
        "JAVA", "CPP", "DOTNET", "PYTHON", "DELPHI", "ERLANG", "RUBY", "OTHER", "HTTP", "GO", "PHP",
        "OMS", "RUST", "NODE_JS"
    };
    private static final byte[][] NAME_BYTES = new byte[NAMES.length][];

    static {
        for (int i = 0; i < NAMES.length; i++) {
            NAME_BYTES[i] = NAMES[i].getBytes(StandardCharsets.US_ASCII);
        }
    }

    private LanguageCode() {}

    /** The enum name of {@code code}, or {@code null} for an unknown code. */
    public static String name(byte code) {
        return code >= 0 && code < NAMES.length ? NAMES[code] : null;
    }

    /** The ASCII bytes of {@code code}'s name (shared; do not modify), or null if unknown. */
    static byte[] nameBytes(byte code) {
        return code >= 0 && code < NAMES.length ? NAME_BYTES[code] : null;
    }

    /** The code whose ordinal is {@code ordinal}, or {@link #UNKNOWN}. */
    public static byte ofOrdinal(long ordinal) {
        return ordinal >= 0 && ordinal < NAMES.length ? (byte) ordinal : UNKNOWN;
    }

    /**
     * The code for a name given as raw bytes, or {@link #UNKNOWN}. The exact name is the fast case;
     * otherwise the name is matched as the reference matches enum names, ignoring case, {@code _}
     * and {@code -} (its parser hashes names that way), and digits are an ordinal.
     */
    static byte ofName(byte[] h, int from, int to) {
        int length = to - from;
        for (int code = 0; code < NAME_BYTES.length; code++) {
            byte[] name = NAME_BYTES[code];
            if (name.length == length && Ascii.regionEquals(h, from, name)) {
                return (byte) code;
            }
        }
        return ofLenientName(new String(h, from, length, StandardCharsets.ISO_8859_1));
    }

    /** {@link #ofName(byte[], int, int)} for a name already decoded (it held escapes). */
    static byte ofLenientName(String text) {
        if (!text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return text.length() > 3 ? UNKNOWN : ofOrdinal(Integer.parseInt(text));
        }
        String folded = fold(text);
        for (int code = 0; code < NAMES.length; code++) {
            if (fold(NAMES[code]).equals(folded)) {
                return (byte) code;
            }
        }
        return UNKNOWN;
    }

    private static String fold(String name) {
        StringBuilder folded = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c != '_' && c != '-') {
                folded.append(c >= 'a' && c <= 'z' ? (char) (c - 32) : c);
            }
        }
        return folded.toString();
    }
}
