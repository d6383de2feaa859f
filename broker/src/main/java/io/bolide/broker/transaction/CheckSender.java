package io.bolide.broker.transaction;

import io.bolide.protocol.header.CheckTransactionStateRequestHeader;
import io.netty.buffer.ByteBuf;

/** Sends CHECK_TRANSACTION_STATE to one live producer of a group. */
public interface CheckSender {
    /** Whether a producer of {@code producerGroup} is connected now. */
    boolean reachable(String producerGroup);

    /**
     * Sends the check oneway to a live producer of {@code producerGroup}.
     *
     * @param body the message record; always released
     * @return false if no producer of the group is connected (nothing sent)
     */
    boolean send(String producerGroup, CheckTransactionStateRequestHeader header, ByteBuf body);
}
