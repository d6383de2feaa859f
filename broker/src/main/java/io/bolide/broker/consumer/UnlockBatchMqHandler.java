package io.bolide.broker.consumer;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.UnlockBatchRequestBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * UNLOCK_BATCH_MQ (42): an orderly consumer releases queues it lost in a rebalance or holds at
 * shutdown (sometimes oneway); queues held by another client are left alone.
 */
final class UnlockBatchMqHandler implements RequestHandler {
    private final QueueLockTable locks;

    UnlockBatchMqHandler(QueueLockTable locks) {
        this.locks = locks;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        UnlockBatchRequestBody body =
                request.body().readableBytes() == 0
                        ? null
                        : BodyCodec.decode(request.body(), UnlockBatchRequestBody.class);
        if (body == null || body.consumerGroup() == null || body.clientId() == null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "unlock request without group or client");
            return;
        }
        locks.unlock(body.consumerGroup(), body.mqSet(), body.clientId());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
