package io.bolide.protocol.message;

import java.nio.charset.StandardCharsets;

/**
 * Well-known property names, as strings (for maps and headers) and as ASCII bytes (for lookups
 * directly in stored properties with {@link MessageProperties#find}).
 */
public final class MessageProperty {
    /** Client-generated unique id. */
    public static final String UNIQ_KEY = "UNIQ_KEY";

    /** User keys, space separated. */
    public static final String KEYS = "KEYS";

    /** The single tag used for filtering. */
    public static final String TAGS = "TAGS";

    /** Whether the producer waits for the store. */
    public static final String WAIT = "WAIT";

    /** Delay level 1..18. */
    public static final String DELAY = "DELAY";

    /** Half message marker. */
    public static final String TRAN_MSG = "TRAN_MSG";

    /** Producer group of a transactional message. */
    public static final String PGROUP = "PGROUP";

    /** Cluster of the storing broker. */
    public static final String CLUSTER = "CLUSTER";

    /** Original topic of a delayed or half message. */
    public static final String REAL_TOPIC = "REAL_TOPIC";

    /** Original queue of a delayed or half message. */
    public static final String REAL_QID = "REAL_QID";

    /** Original topic of a message sent back for retry. */
    public static final String RETRY_TOPIC = "RETRY_TOPIC";

    /** Offset id of the original message of a retry. */
    public static final String ORIGIN_MESSAGE_ID = "ORIGIN_MESSAGE_ID";

    /** Transaction id. */
    public static final String TRANSACTION_ID = "__transactionId__";

    /** {@link #UNIQ_KEY} as bytes. */
    public static final byte[] UNIQ_KEY_BYTES = bytes(UNIQ_KEY);

    /** {@link #KEYS} as bytes. */
    public static final byte[] KEYS_BYTES = bytes(KEYS);

    /** {@link #TAGS} as bytes. */
    public static final byte[] TAGS_BYTES = bytes(TAGS);

    /** {@link #WAIT} as bytes. */
    public static final byte[] WAIT_BYTES = bytes(WAIT);

    /** {@link #DELAY} as bytes. */
    public static final byte[] DELAY_BYTES = bytes(DELAY);

    /** {@link #TRAN_MSG} as bytes. */
    public static final byte[] TRAN_MSG_BYTES = bytes(TRAN_MSG);

    /** {@link #PGROUP} as bytes. */
    public static final byte[] PGROUP_BYTES = bytes(PGROUP);

    private MessageProperty() {}

    /** A property name as the bytes {@link MessageProperties#find} expects (UTF-8). */
    public static byte[] bytes(String name) {
        return name.getBytes(StandardCharsets.UTF_8);
    }
}
