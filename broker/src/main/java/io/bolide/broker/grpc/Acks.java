package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.pop.PopEngine;
import io.bolide.grpc.v2.AckMessageEntry;
import io.bolide.grpc.v2.AckMessageRequest;
import io.bolide.grpc.v2.AckMessageResponse;
import io.bolide.grpc.v2.AckMessageResultEntry;
import io.bolide.grpc.v2.ChangeInvisibleDurationRequest;
import io.bolide.grpc.v2.ChangeInvisibleDurationResponse;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Status;

/**
 * AckMessage and ChangeInvisibleDuration over the POP book. An acknowledgement of an earlier
 * delivery (revived or re-timed since) changes nothing and is answered OK, as the remoting code
 * answers it; a malformed receipt handle is INVALID_RECEIPT_HANDLE.
 */
final class Acks {
    /** The most entries one AckMessage may carry. */
    static final int MAX_ENTRIES = 1024;

    private final Routes routes;
    private final PopEngine pops;
    private final ReceiveWaiters waiters;

    Acks(Routes routes, PopEngine pops, ReceiveWaiters waiters) {
        this.routes = routes;
        this.pops = pops;
        this.waiters = waiters;
    }

    AckMessageResponse ack(AckMessageRequest request) throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        String topic = routes.topic(request.getTopic().getName()).topicName();
        if (request.getEntriesCount() == 0 || request.getEntriesCount() > MAX_ENTRIES) {
            throw new BadRequest(
                    Code.BAD_REQUEST, "an ack carries 1 to " + MAX_ENTRIES + " entries");
        }
        AckMessageResponse.Builder answer = AckMessageResponse.newBuilder();
        Status overall = Statuses.OK;
        for (AckMessageEntry entry : request.getEntriesList()) {
            String stored =
                    entry.hasLiteTopic() ? LiteNames.queueName(topic, entry.getLiteTopic()) : topic;
            Status status = ackOne(group, stored, entry.getReceiptHandle());
            if (status.getCode() != Code.OK) {
                overall = Statuses.of(Code.MULTIPLE_RESULTS, "some entries failed");
            }
            answer.addEntries(
                    AckMessageResultEntry.newBuilder()
                            .setMessageId(entry.getMessageId())
                            .setReceiptHandle(entry.getReceiptHandle())
                            .setStatus(status));
        }
        if (request.getEntriesCount() == 1) {
            overall = answer.getEntries(0).getStatus();
        }
        waiters.acknowledged(group, topic);
        return answer.setStatus(overall).build();
    }

    private Status ackOne(String group, String topic, String handle) {
        try {
            pops.ack(group, topic, handle);
            return Statuses.OK;
        } catch (IllegalArgumentException e) {
            return Statuses.of(Code.INVALID_RECEIPT_HANDLE, "malformed receipt handle");
        }
    }

    ChangeInvisibleDurationResponse change(ChangeInvisibleDurationRequest request)
            throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        String parent = routes.topic(request.getTopic().getName()).topicName();
        String topic =
                request.hasLiteTopic()
                        ? LiteNames.queueName(parent, request.getLiteTopic())
                        : parent;
        long invisible = Times.millis(request.getInvisibleDuration());
        if (invisible < 0 || invisible > Receiver.MAX_INVISIBLE_MS) {
            throw new BadRequest(Code.ILLEGAL_INVISIBLE_TIME, "invisible duration out of range");
        }
        String handle;
        try {
            handle = pops.change(group, topic, request.getReceiptHandle(), invisible);
        } catch (IllegalArgumentException e) {
            throw new BadRequest(Code.INVALID_RECEIPT_HANDLE, "malformed receipt handle");
        }
        if (handle == null) {
            throw new BadRequest(
                    Code.INVALID_RECEIPT_HANDLE,
                    "the message is no longer in that delivery (acknowledged or revived)");
        }
        return ChangeInvisibleDurationResponse.newBuilder()
                .setStatus(Statuses.OK)
                .setReceiptHandle(handle)
                .build();
    }
}
