package io.bolide.broker.transaction;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.CheckTransactionStateRequestHeader;
import io.bolide.remoting.Connection;
import io.netty.buffer.ByteBuf;

/** Sends transaction checks to a producer of the group, as known from its heartbeats. */
final class TransactionCheckSender implements CheckSender {
    private final ClientRegistry clients;

    TransactionCheckSender(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public boolean reachable(String producerGroup) {
        return clients.producerConnection(producerGroup) != null;
    }

    @Override
    public boolean send(
            String producerGroup, CheckTransactionStateRequestHeader header, ByteBuf body) {
        Connection connection = clients.producerConnection(producerGroup);
        if (connection == null) {
            body.release();
            return false;
        }
        connection.invokeOneway(RequestCode.CHECK_TRANSACTION_STATE, header, body);
        return true;
    }
}
