package io.bolide.protocol.trace;

/**
 * One record of a message trace, as the official clients write them to the trace topic: what a
 * producer did with a message ({@code Pub}, {@code EndTransaction}, {@code Recall}) or what a
 * consumer did ({@code SubBefore} when it handed the message to the listener, {@code SubAfter} when
 * the listener returned). A field a record's type does not carry is null (or -1 for numbers).
 *
 * @param type the record's type as written: Pub, SubBefore, SubAfter, EndTransaction or Recall
 * @param timestamp when the client took the step (epoch millis); -1 when the record has no time
 *     (SubAfter of clients before 4.9)
 * @param regionId the client's region
 * @param group the producer or consumer group
 * @param requestId ties a consumer's SubBefore to its SubAfter
 * @param topic the message's topic (producer records)
 * @param msgId the client's message id (UNIQ_KEY)
 * @param tags the message's tag
 * @param keys the message's keys
 * @param storeHost the broker that stored it (producer records)
 * @param clientHost the producer's address (Pub of newer clients)
 * @param bodyLength the body's length in bytes (Pub), else -1
 * @param costMillis how long the send or the listener took, else -1
 * @param messageType the reference's message type name (producer records: Normal_Msg,
 *     Trans_Msg_Half, Trans_msg_Commit, Delay_Msg, Order_Msg), else null
 * @param offsetMsgId the broker's offset message id (Pub of newer clients)
 * @param success whether the step succeeded; null when the type does not say
 * @param retryTimes the delivery's reconsume count (SubBefore), else -1
 * @param contextCode how the listener ended (SubAfter), else -1
 * @param transactionId the transaction's id (EndTransaction)
 * @param transactionState COMMIT_MESSAGE, ROLLBACK_MESSAGE or UNKNOW (EndTransaction)
 * @param fromTransactionCheck whether the outcome answered a broker's check (EndTransaction)
 */
public record TraceRecord(
        String type,
        long timestamp,
        String regionId,
        String group,
        String requestId,
        String topic,
        String msgId,
        String tags,
        String keys,
        String storeHost,
        String clientHost,
        int bodyLength,
        int costMillis,
        String messageType,
        String offsetMsgId,
        Boolean success,
        int retryTimes,
        int contextCode,
        String transactionId,
        String transactionState,
        Boolean fromTransactionCheck) {}
