package io.bolide.protocol.frame;

/**
 * Keeps assertion failures readable and small: random inputs carry megabyte bodies and control
 * characters that would otherwise flood (and confuse) the surefire report channel.
 */
public final class ShortFailures {
    private static final int MAX_MESSAGE = 3_000;

    private ShortFailures() {}

    /** An assertion that can throw anything checked. */
    @FunctionalInterface
    public interface Check {
        void run() throws Exception;
    }

    /** Runs {@code check}; a failure is rethrown with a short, printable message. */
    public static void check(String where, Check check) {
        try {
            check.run();
        } catch (AssertionError | Exception e) {
            throw new AssertionError(where + ": " + printable(String.valueOf(e)));
        }
    }

    /** {@code text} without control characters and cut to a few thousand characters. */
    public static String printable(String text) {
        StringBuilder out = new StringBuilder(Math.min(text.length(), MAX_MESSAGE) + 16);
        for (int i = 0; i < text.length() && out.length() < MAX_MESSAGE; i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c == 0x7f ? '?' : c);
        }
        if (text.length() > MAX_MESSAGE) {
            out.append("...(").append(text.length()).append(" chars)");
        }
        return out.toString();
    }
}
