package io.bolide.protocol.trace;

/**
 * The field layout of each trace record type, as the official clients write it (read from their
 * 5.5.0 encoder's output): the common head of producer records, then each type's own fields. Only
 * the field counts {@link TraceRecords} checked before are read here.
 */
final class TraceLayouts {
    private TraceLayouts() {}

    /**
     * Pub: the producer head, body length, send cost, message type, then offset id, success, host.
     */
    static TraceRecord pub(String[] f) {
        Draft d = producerHead(f);
        d.bodyLength = Integer.parseInt(f[9]);
        d.costMillis = Integer.parseInt(f[10]);
        d.messageType = TraceRecords.messageType(f[11]);
        if (f.length == 13) {
            d.success = Boolean.parseBoolean(f[12]);
        } else {
            d.offsetMsgId = text(f[12]);
            d.success = Boolean.parseBoolean(f[13]);
            if (f.length >= 15) {
                d.clientHost = text(f[14]);
            }
        }
        return d.build();
    }

    /** SubBefore: type, time, region, group, request id, message id, retry count, keys. */
    static TraceRecord subBefore(String[] f) {
        Draft d = head(f);
        d.requestId = text(f[4]);
        d.msgId = text(f[5]);
        d.retryTimes = Integer.parseInt(f[6]);
        d.keys = text(f[7]);
        return d.build();
    }

    /**
     * SubAfter: type, request id, message id, listener cost, success, keys; then the context code;
     * then the time and the group (clients before those fields write fewer).
     */
    static TraceRecord subAfter(String[] f) {
        Draft d = new Draft(f[0]);
        d.requestId = text(f[1]);
        d.msgId = text(f[2]);
        d.costMillis = Integer.parseInt(f[3]);
        d.success = Boolean.parseBoolean(f[4]);
        d.keys = text(f[5]);
        if (f.length >= 7) {
            d.contextCode = Integer.parseInt(f[6]);
        }
        if (f.length >= 9) {
            d.timestamp = Long.parseLong(f[7]);
            d.group = text(f[8]);
        }
        return d.build();
    }

    /** EndTransaction: the producer head, message type, transaction id, state, from a check. */
    static TraceRecord endTransaction(String[] f) {
        Draft d = producerHead(f);
        d.messageType = TraceRecords.messageType(f[9]);
        d.transactionId = text(f[10]);
        d.transactionState = text(f[11]);
        d.fromTransactionCheck = Boolean.parseBoolean(f[12]);
        return d.build();
    }

    /** Recall: type, time, region, group, topic, message id, success. */
    static TraceRecord recall(String[] f) {
        Draft d = head(f);
        d.topic = text(f[4]);
        d.msgId = text(f[5]);
        d.success = Boolean.parseBoolean(f[6]);
        return d.build();
    }

    /** The head most types share: type, time, region, group. */
    private static Draft head(String[] f) {
        Draft d = new Draft(f[0]);
        d.timestamp = Long.parseLong(f[1]);
        d.regionId = text(f[2]);
        d.group = text(f[3]);
        return d;
    }

    /** The head, then topic, message id, tags, keys, store host. */
    private static Draft producerHead(String[] f) {
        Draft d = head(f);
        d.topic = text(f[4]);
        d.msgId = text(f[5]);
        d.tags = text(f[6]);
        d.keys = text(f[7]);
        d.storeHost = text(f[8]);
        return d;
    }

    /** The clients write an absent value as the text "null"; an empty one means absent too. */
    private static String text(String field) {
        return field.isEmpty() || "null".equals(field) ? null : field;
    }

    /** A record being read: every field absent until its layout sets it. */
    private static final class Draft {
        private final String type;
        private long timestamp = -1;
        private String regionId;
        private String group;
        private String requestId;
        private String topic;
        private String msgId;
        private String tags;
        private String keys;
        private String storeHost;
        private String clientHost;
        private int bodyLength = -1;
        private int costMillis = -1;
        private String messageType;
        private String offsetMsgId;
        private Boolean success;
        private int retryTimes = -1;
        private int contextCode = -1;
        private String transactionId;
        private String transactionState;
        private Boolean fromTransactionCheck;

        Draft(String type) {
            this.type = type;
        }

        TraceRecord build() {
            return new TraceRecord(
                    type,
                    timestamp,
                    regionId,
                    group,
                    requestId,
                    topic,
                    msgId,
                    tags,
                    keys,
                    storeHost,
                    clientHost,
                    bodyLength,
                    costMillis,
                    messageType,
                    offsetMsgId,
                    success,
                    retryTimes,
                    contextCode,
                    transactionId,
                    transactionState,
                    fromTransactionCheck);
        }
    }
}
