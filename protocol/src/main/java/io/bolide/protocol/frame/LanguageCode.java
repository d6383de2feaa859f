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

    /** The code for a name given as raw ASCII bytes, or {@link #UNKNOWN}. */
    static byte ofName(byte[] h, int from, int to) {
        int length = to - from;
        for (int code = 0; code < NAME_BYTES.length; code++) {
            byte[] name = NAME_BYTES[code];
            if (name.length == length && Ascii.regionEquals(h, from, name)) {
                return (byte) code;
            }
        }
        return UNKNOWN;
    }
}
