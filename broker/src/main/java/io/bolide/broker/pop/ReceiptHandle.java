package io.bolide.broker.pop;

/**
 * A popped message's receipt handle, the {@code POP_CK} property the official clients build from
 * the POP response header and send back in ACK_MESSAGE and CHANGE_MESSAGE_INVISIBLETIME as {@code
 * extraInfo}: eight fields separated by single spaces (docs/protocol/pop.md),
 *
 * <pre>
 *   startOffset popTime invisibleTime reviveQid retry brokerName queueId queueOffset
 * </pre>
 *
 * where {@code startOffset} is the first queue offset of the pop batch, {@code retry} is {@code 0}
 * for a normal topic, {@code 1} for a {@code %RETRY%group_topic} and {@code 2} for the reference's
 * {@code %RETRY%group+topic} form, and {@code reviveQid} {@value #ORDER_REVIVE_QID} marks an
 * orderly pop. {@code popTime} identifies the delivery: a handle from an earlier delivery of the
 * same offset no longer matches.
 */
record ReceiptHandle(
        long startOffset,
        long popTime,
        long invisibleTime,
        int reviveQid,
        String retry,
        String brokerName,
        int queueId,
        long queueOffset) {

    /** The reference's revive queue id of orderly pops. */
    static final int ORDER_REVIVE_QID = 999;

    static final String NORMAL = "0";
    static final String RETRY = "1";
    static final String RETRY_V2 = "2";
    static final String RETRY_PREFIX = "%RETRY%";

    private static final int FIELDS = 8;

    /** Parses a handle; the queue offset may be absent (seven fields: a pre-5 client). */
    static ReceiptHandle parse(String text) {
        if (text == null) {
            throw new IllegalArgumentException("no receipt handle");
        }
        String[] f = text.split(" ");
        if (f.length < FIELDS - 1) {
            throw new IllegalArgumentException("receipt handle has " + f.length + " fields");
        }
        try {
            return new ReceiptHandle(
                    Long.parseLong(f[0]),
                    Long.parseLong(f[1]),
                    Long.parseLong(f[2]),
                    Integer.parseInt(f[3]),
                    f[4],
                    f[5],
                    Integer.parseInt(f[6]),
                    f.length >= FIELDS ? Long.parseLong(f[7]) : -1);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("malformed receipt handle: " + text, e);
        }
    }

    /** The handle's text, as the clients build it. */
    String format() {
        StringBuilder s = new StringBuilder(64 + brokerName.length());
        s.append(startOffset).append(' ').append(popTime).append(' ').append(invisibleTime);
        s.append(' ').append(reviveQid).append(' ').append(retry).append(' ').append(brokerName);
        s.append(' ').append(queueId).append(' ').append(queueOffset);
        return s.toString();
    }

    /** Whether the handle came from an orderly pop. */
    boolean order() {
        return reviveQid == ORDER_REVIVE_QID;
    }

    /** The {@code retry} field of a message stored in {@code topic}. */
    static String retryFlag(String topic) {
        if (!topic.startsWith(RETRY_PREFIX)) {
            return NORMAL;
        }
        return topic.indexOf('+', RETRY_PREFIX.length()) >= 0 ? RETRY_V2 : RETRY;
    }

    /**
     * The topic a message is stored in, from the topic a consumer popped and the handle's {@code
     * retry} flag: {@code 1} the {@code %RETRY%group_topic} form, {@code 2} {@code
     * %RETRY%group+topic}, anything else the topic itself.
     */
    static String storedTopic(String topic, String group, String retry) {
        if (RETRY.equals(retry)) {
            return retryTopic(group, topic);
        }
        return RETRY_V2.equals(retry) ? RETRY_PREFIX + group + '+' + topic : topic;
    }

    /** The POP retry topic of {@code group} reading {@code topic}: {@code %RETRY%group_topic}. */
    static String retryTopic(String group, String topic) {
        return RETRY_PREFIX + group + '_' + topic;
    }
}
