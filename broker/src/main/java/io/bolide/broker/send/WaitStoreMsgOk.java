package io.bolide.broker.send;

/**
 * Reads the WAIT property (the client's {@code waitStoreMsgOK}) from a properties string without
 * decoding the others or allocating. As in the reference, a message without it waits, and any value
 * but {@code true} (in any case) means "answer without waiting".
 */
final class WaitStoreMsgOk {
    private static final String NAME = "WAIT\u0001";

    private WaitStoreMsgOk() {}

    /** Whether the sender waits until the message is safe (on a SYNC_MASTER: on a slave). */
    static boolean of(String properties) {
        if (properties == null) {
            return true;
        }
        int at = properties.indexOf(NAME);
        while (at > 0 && properties.charAt(at - 1) != '\u0002') {
            at = properties.indexOf(NAME, at + 1);
        }
        if (at < 0) {
            return true;
        }
        int from = at + NAME.length();
        int end = properties.indexOf('\u0002', from);
        int length = (end < 0 ? properties.length() : end) - from;
        return length == 4 && properties.regionMatches(true, from, "true", 0, 4);
    }
}
