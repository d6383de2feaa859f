package io.bolide.broker.send;

/**
 * Reads one property of a message's properties string (name \u0001 value \u0002 ...) without
 * decoding the others, and appends one.
 */
final class MessageProperty {
    /** The client id a reply goes back to (set by the requester, copied into the reply). */
    static final String REPLY_TO_CLIENT = "REPLY_TO_CLIENT";

    /** When the broker pushed a reply, added to the pushed copy as the reference does. */
    static final String PUSH_REPLY_TIME = "PUSH_REPLY_TIME";

    private MessageProperty() {}

    /** The value of {@code name}, or null. */
    static String of(String properties, String name) {
        if (properties == null) {
            return null;
        }
        String key = name + '\u0001';
        int at = properties.indexOf(key);
        while (at > 0 && properties.charAt(at - 1) != '\u0002') {
            at = properties.indexOf(key, at + 1);
        }
        if (at < 0) {
            return null;
        }
        int from = at + key.length();
        int end = properties.indexOf('\u0002', from);
        return properties.substring(from, end < 0 ? properties.length() : end);
    }

    /** {@code properties} with {@code name=value} appended. */
    static String with(String properties, String name, String value) {
        StringBuilder out = new StringBuilder();
        if (properties != null && !properties.isEmpty()) {
            out.append(properties);
            if (properties.charAt(properties.length() - 1) != '\u0002') {
                out.append('\u0002');
            }
        }
        return out.append(name).append('\u0001').append(value).append('\u0002').toString();
    }
}
