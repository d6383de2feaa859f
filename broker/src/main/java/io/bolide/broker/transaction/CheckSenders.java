package io.bolide.broker.transaction;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.protocol.header.CheckTransactionStateRequestHeader;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Where a transaction check may go: a remoting producer of the group (known from its heartbeats)
 * first, then the producers other front doors know (the gRPC endpoint's telemetry streams), added
 * once those are open.
 */
public final class CheckSenders implements CheckSender {
    private final List<CheckSender> senders = new CopyOnWriteArrayList<>();

    /** Checks reach the remoting producers in {@code clients}. */
    public CheckSenders(ClientRegistry clients) {
        senders.add(new TransactionCheckSender(clients));
    }

    /** Asks {@code sender}'s producers too, after the ones known so far. */
    public void add(CheckSender sender) {
        senders.add(sender);
    }

    @Override
    public boolean reachable(String producerGroup) {
        for (CheckSender sender : senders) {
            if (sender.reachable(producerGroup)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean send(
            String producerGroup, CheckTransactionStateRequestHeader header, ByteBuf body) {
        for (CheckSender sender : senders) {
            if (sender.reachable(producerGroup)) {
                return sender.send(producerGroup, header, body);
            }
        }
        body.release();
        return false;
    }
}
