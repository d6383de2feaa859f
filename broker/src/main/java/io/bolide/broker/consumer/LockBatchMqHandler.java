package io.bolide.broker.consumer;

import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.LockBatchRequestBody;
import io.bolide.protocol.body.LockBatchResponseBody;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.Set;

/**
 * LOCK_BATCH_MQ (41): an orderly consumer asks for its queues; the answer lists those it now holds,
 * and the client consumes only from those. {@code onlyThisBroker} matters only with replicas, which
 * this broker does not have.
 */
final class LockBatchMqHandler implements RequestHandler {
    private final QueueLockTable locks;

    LockBatchMqHandler(QueueLockTable locks) {
        this.locks = locks;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        LockBatchRequestBody body = decode(request);
        if (body == null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "lock request without group or client");
            return;
        }
        Set<MessageQueue> locked = locks.lock(body.consumerGroup(), body.mqSet(), body.clientId());
        exchange.respond(
                ResponseCode.SUCCESS, null, null, Bodies.json(new LockBatchResponseBody(locked)));
    }

    private static LockBatchRequestBody decode(RemotingCommand request) {
        if (request.body().readableBytes() == 0) {
            return null;
        }
        LockBatchRequestBody body = BodyCodec.decode(request.body(), LockBatchRequestBody.class);
        return body.consumerGroup() == null || body.clientId() == null ? null : body;
    }
}
