package io.bolide.protocol.message;

/**
 * Topic and consumer-group name rules of the reference broker: characters {@code %|a-zA-Z0-9_-}
 * only, checked through a 128-entry table (no regex); topics up to 127 chars, retry and DLQ topics
 * up to 255, groups up to 120. Which topics are reserved for the system is the broker's business;
 * the names it needs are here as constants.
 */
public final class NameRules {
    /** Longest ordinary topic. */
    public static final int TOPIC_MAX_LENGTH = 127;

    /** Longest retry ({@code %RETRY%...}) or dead-letter ({@code %DLQ%...}) topic. */
    public static final int RETRY_OR_DLQ_TOPIC_MAX_LENGTH = 255;

    /** Longest consumer or producer group. */
    public static final int GROUP_MAX_LENGTH = 120;

    /** Prefix of a group's retry topic. */
    public static final String RETRY_TOPIC_PREFIX = "%RETRY%";

    /** Prefix of a group's dead-letter topic. */
    public static final String DLQ_TOPIC_PREFIX = "%DLQ%";

    /** The template topic that auto-created topics copy. */
    public static final String AUTO_CREATE_TOPIC_KEY_TOPIC = "TBW102";

    /** Prefix of system topics. */
    public static final String SYSTEM_TOPIC_PREFIX = "rmq_sys_";

    private static final boolean[] VALID_CHAR = validChars();

    private NameRules() {}

    private static boolean[] validChars() {
        boolean[] valid = new boolean[128];
        for (char c = '0'; c <= '9'; c++) {
            valid[c] = true;
        }
        for (char c = 'a'; c <= 'z'; c++) {
            valid[c] = true;
            valid[c - 'a' + 'A'] = true;
        }
        valid['%'] = true;
        valid['|'] = true;
        valid['_'] = true;
        valid['-'] = true;
        return valid;
    }

    /** Whether every char of {@code name} is allowed in a topic or group name. */
    public static boolean hasOnlyValidChars(CharSequence name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c >= VALID_CHAR.length || !VALID_CHAR[c]) {
                return false;
            }
        }
        return true;
    }

    /** Apache's TopicValidator wording, which clients and operators see in refusals. */
    private static final String ILLEGAL_CHARACTERS =
            ", contains illegal characters, allowing only ^[%|a-zA-Z0-9_-]+$";

    /** Why {@code topic} is not a valid topic name (the reference's remark), or null if it is. */
    public static String topicProblem(CharSequence topic) {
        if (isBlank(topic)) {
            return "The specified topic is blank.";
        }
        if (!hasOnlyValidChars(topic)) {
            return "The specified topic: " + topic + ILLEGAL_CHARACTERS;
        }
        String text = topic.toString();
        boolean retryOrDlq =
                text.startsWith(RETRY_TOPIC_PREFIX) || text.startsWith(DLQ_TOPIC_PREFIX);
        int max = retryOrDlq ? RETRY_OR_DLQ_TOPIC_MAX_LENGTH : TOPIC_MAX_LENGTH;
        if (topic.length() > max) {
            return retryOrDlq
                    ? "The specified topic is DLQ or Retry topic: "
                            + topic
                            + ", and it's longer than topic max length: "
                            + max
                    : "The specified topic: " + topic + ", is longer than topic max length: " + max;
        }
        return null;
    }

    /** Whether {@code topic} is a valid topic name. */
    public static boolean isValidTopic(CharSequence topic) {
        return topicProblem(topic) == null;
    }

    /** Why {@code group} is not a valid group name, or null if it is. */
    public static String groupProblem(CharSequence group) {
        if (isBlank(group)) {
            return "The specified group is blank.";
        }
        if (!hasOnlyValidChars(group)) {
            return "The specified group: " + group + ILLEGAL_CHARACTERS;
        }
        if (group.length() > GROUP_MAX_LENGTH) {
            return "The specified group: " + group + ", is longer than group max length: 120";
        }
        return null;
    }

    /** Whether {@code group} is a valid group name. */
    public static boolean isValidGroup(CharSequence group) {
        return groupProblem(group) == null;
    }

    private static boolean isBlank(CharSequence text) {
        if (text == null) {
            return true;
        }
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isWhitespace(text.charAt(i))) {
                return false;
            }
        }
        return true;
    }
}
