package io.bolide.broker.send;

import io.bolide.protocol.message.MessageProperties;

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

    /** The value of {@code name}, or null (also when empty). */
    static String of(String properties, String name) {
        return MessageProperties.value(properties, name);
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
