package io.bolide.broker.transaction;

import io.bolide.protocol.header.CheckTransactionStateRequestHeader;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.PutResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

/**
 * Builds and sends the CHECK_TRANSACTION_STATE of a re-put half message: the header carries the
 * copy's offsets (the producer echoes them in its END_TRANSACTION), the body the message under its
 * real topic with PGROUP, without which the client drops the check.
 */
final class CheckRequests {
    private final TransactionRecords records;
    private final byte[] storeAddress;
    private final int storePort;
    private final String brokerName;
    private final CheckSender sender;

    CheckRequests(
            TransactionRecords records,
            byte[] storeAddress,
            int storePort,
            String brokerName,
            CheckSender sender) {
        this.records = records;
        this.storeAddress = storeAddress.clone();
        this.storePort = storePort;
        this.brokerName = brokerName;
        this.sender = sender;
    }

    /** Whether a producer of {@code group} is connected to be asked. */
    boolean reachable(String group) {
        return sender.reachable(group);
    }

    /**
     * Asks a producer of {@code group} about {@code half}, re-put as {@code copy} with {@code
     * checkTimes} checks counted; returns false if no producer could be asked.
     */
    boolean send(String group, StoredMessageFlyweight half, int checkTimes, PutResult copy) {
        String uniqKey = half.property(MessageProperty.UNIQ_KEY_BYTES);
        CheckTransactionStateRequestHeader header =
                new CheckTransactionStateRequestHeader()
                        .topic(HalfMessage.HALF_TOPIC)
                        .tranStateTableOffset(copy.queueOffset())
                        .commitLogOffset(copy.physicalOffset())
                        .msgId(uniqKey)
                        .transactionId(uniqKey)
                        .offsetMsgId(
                                OffsetMessageId.toString(
                                        storeAddress, storePort, copy.physicalOffset()))
                        .brokerName(brokerName);
        ByteBuf body = ByteBufAllocator.DEFAULT.buffer(half.totalSize() + 128);
        try {
            records.checkBody(half, checkTimes, copy, body);
        } catch (RuntimeException e) {
            body.release();
            throw e;
        }
        return sender.send(group, header, body);
    }
}
