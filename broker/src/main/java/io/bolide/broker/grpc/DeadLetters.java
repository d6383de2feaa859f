package io.bolide.broker.grpc;

import io.bolide.broker.pop.PopEngine;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.ForwardMessageToDeadLetterQueueRequest;
import io.bolide.grpc.v2.ForwardMessageToDeadLetterQueueResponse;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ConsumerSendMsgBackRequestHeader;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.remoting.LocalCalls;
import io.bolide.store.GetResult;
import io.bolide.store.GetStatus;
import io.bolide.store.MessageStore;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;

/**
 * ForwardMessageToDeadLetterQueue (a push consumer gave up on a message): the
 * CONSUMER_SEND_MSG_BACK a remoting consumer sends with delay level -1, through the remoting
 * server's own handler (the group's {@code %DLQ%} topic, dead-letter stats), then the delivery
 * acknowledged so POP does not revive it.
 */
final class DeadLetters {
    /** CONSUMER_SEND_MSG_BACK's delay level that sends a message straight to the DLQ. */
    private static final int STRAIGHT_TO_DLQ = -1;

    private final Routes routes;
    private final PopEngine pops;
    private final MessageStore store;
    private final LocalCalls calls;

    DeadLetters(Routes routes, PopEngine pops, MessageStore store, LocalCalls calls) {
        this.routes = routes;
        this.pops = pops;
        this.store = store;
        this.calls = calls;
    }

    void forward(
            ForwardMessageToDeadLetterQueueRequest request,
            StreamObserver<ForwardMessageToDeadLetterQueueResponse> out)
            throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        String topic = routes.topic(request.getTopic().getName()).topicName();
        String handle = request.getReceiptHandle();
        ConsumerSendMsgBackRequestHeader header =
                new ConsumerSendMsgBackRequestHeader()
                        .offset(commitLogOffset(group, topic, handle))
                        .group(group)
                        .delayLevel(STRAIGHT_TO_DLQ)
                        .originMsgId(request.getMessageId())
                        .originTopic(topic)
                        .maxReconsumeTimes(Math.max(0, request.getMaxDeliveryAttempts() - 1));
        calls.callChecked(Peer.current(), RequestCode.CONSUMER_SEND_MSG_BACK, header, null)
                .whenComplete(
                        (response, failure) ->
                                answer(out, group, topic, handle, response, failure));
    }

    private long commitLogOffset(String group, String topic, String handle) throws BadRequest {
        PopEngine.Location at;
        try {
            at = pops.locate(group, topic, handle);
        } catch (IllegalArgumentException e) {
            throw new BadRequest(Code.INVALID_RECEIPT_HANDLE, "malformed receipt handle");
        }
        GetResult found =
                store.getMessages(
                        at.storedTopic(),
                        at.queueId(),
                        at.queueOffset(),
                        1,
                        Integer.MAX_VALUE,
                        null);
        try {
            if (found.status() != GetStatus.FOUND || found.messages().isEmpty()) {
                throw new BadRequest(Code.MESSAGE_NOT_FOUND, "the message is no longer stored");
            }
            ByteBuf record = found.messages().get(0);
            StoredMessageFlyweight view = new StoredMessageFlyweight();
            view.wrap(record, record.readerIndex(), record.writerIndex());
            return view.physicalOffset();
        } finally {
            found.release();
        }
    }

    private void answer(
            StreamObserver<ForwardMessageToDeadLetterQueueResponse> out,
            String group,
            String topic,
            String handle,
            RemotingCommand response,
            Throwable failure) {
        ForwardMessageToDeadLetterQueueResponse.Builder answer =
                ForwardMessageToDeadLetterQueueResponse.newBuilder();
        if (failure != null) {
            answer.setStatus(Statuses.of(Code.INTERNAL_SERVER_ERROR, "forward failed: " + failure));
        } else {
            try {
                if (response.code() == ResponseCode.SUCCESS) {
                    pops.ack(group, topic, handle);
                    answer.setStatus(Statuses.OK);
                } else {
                    answer.setStatus(
                            Statuses.of(
                                    RemotingStatus.of(response.code()),
                                    String.valueOf(response.remark())));
                }
            } finally {
                response.release();
            }
        }
        out.onNext(answer.build());
        out.onCompleted();
    }
}
