package io.bolide.broker.send;

/** Finds the UNIQ_KEY property in a properties string without decoding the others. */
final class UniqKey {
    private static final String NAME = "UNIQ_KEY\u0001";

    private UniqKey() {}

    /** The UNIQ_KEY value, or null. */
    static String of(String properties) {
        if (properties == null) {
            return null;
        }
        int at = properties.indexOf(NAME);
        while (at > 0 && properties.charAt(at - 1) != '\u0002') {
            at = properties.indexOf(NAME, at + 1);
        }
        if (at < 0) {
            return null;
        }
        int from = at + NAME.length();
        int end = properties.indexOf('\u0002', from);
        return properties.substring(from, end < 0 ? properties.length() : end);
    }
}
