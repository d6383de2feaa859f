package io.bolide.broker.grpc;

import io.bolide.broker.filter.Subscription;
import io.bolide.broker.lite.LitePops;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.broker.pop.PopEngine;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.ReceiveMessageRequest;
import io.bolide.grpc.v2.ReceiveMessageResponse;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * ReceiveMessage: a POP through {@link PopEngine} (the book, pop log and revive the remoting POP
 * codes use), answered as a stream: the status, then one response per message. With nothing to take
 * and a long-polling timeout, the call waits in {@link ReceiveWaiters} for an arrival.
 */
final class Receiver {
    /** The most messages one receive takes (the reference's cap per pop). */
    static final int MAX_BATCH = 32;

    static final long MIN_INVISIBLE_MS = 1_000;
    static final long DEFAULT_INVISIBLE_MS = 60_000;
    static final long MAX_INVISIBLE_MS = 12L * 3600 * 1000;
    static final long MAX_POLL_MS = 60_000;

    private final Routes routes;
    private final PopEngine pops;
    private final ReceiveWaiters waiters;
    private final Predicate<String> orderlyGroups;
    private final Filters filters;
    private final LiteSubscriptions lites;

    /**
     * @param orderlyGroups whether a consumer group is FIFO (its subscription group config's {@code
     *     consumeMessageOrderly}): its receives are orderly pops
     */
    Receiver(
            Routes routes,
            PopEngine pops,
            ReceiveWaiters waiters,
            Predicate<String> orderlyGroups,
            Filters filters,
            LiteSubscriptions lites) {
        this.lites = lites;
        this.routes = routes;
        this.pops = pops;
        this.waiters = waiters;
        this.orderlyGroups = orderlyGroups;
        this.filters = filters;
    }

    /** One receive, checked and copied out of its request. */
    record Receive(
            String group,
            String topic,
            int queueId,
            int max,
            long invisibleMs,
            Subscription filter,
            boolean order,
            long deadline,
            String liteClient) {}

    void receive(ReceiveMessageRequest request, StreamObserver<ReceiveMessageResponse> out)
            throws BadRequest {
        Receive receive = check(request);
        if (!tryAnswer(receive, out, false)) {
            waiters.hold(receive, out, this);
        }
    }

    /**
     * Pops and answers when there is something, or when {@code last} (the poll is over).
     *
     * @return whether the call was answered
     */
    boolean tryAnswer(Receive r, StreamObserver<ReceiveMessageResponse> out, boolean last) {
        if (out instanceof ServerCallStreamObserver<?> call && call.isCancelled()) {
            return true;
        }
        List<PopEngine.Popped> popped = new ArrayList<>();
        int taken = r.liteClient() == null ? popTopic(r, popped) : popLite(r, popped);
        if (taken == 0) {
            if (!last && System.currentTimeMillis() < r.deadline()) {
                return false;
            }
            out.onNext(status(Code.MESSAGE_NOT_FOUND, "no new message"));
            out.onCompleted();
            return true;
        }
        answer(r, popped, out);
        return true;
    }

    private int popTopic(Receive r, List<PopEngine.Popped> popped) {
        PopEngine.Popped one =
                pops.pop(
                        r.group(),
                        r.topic(),
                        r.queueId(),
                        r.max(),
                        r.invisibleMs(),
                        r.filter(),
                        r.order());
        popped.add(one);
        return one.records().size();
    }

    /** A lite consumer's receive: from its client's ready lite topics ({@link LitePops}). */
    private int popLite(Receive r, List<PopEngine.Popped> popped) {
        return LitePops.serve(
                lites,
                r.group(),
                r.liteClient(),
                r.topic(),
                r.max(),
                (queue, room) -> {
                    PopEngine.Popped one =
                            pops.pop(
                                    r.group(),
                                    queue,
                                    0,
                                    room,
                                    r.invisibleMs(),
                                    r.filter(),
                                    r.order());
                    popped.add(one);
                    return one.records().size();
                });
    }

    /** Streams what the pops took, each with its receipt handle and delivery attempt. */
    private void answer(
            Receive r, List<PopEngine.Popped> all, StreamObserver<ReceiveMessageResponse> out) {
        try {
            out.onNext(status(Code.OK, "OK"));
            for (PopEngine.Popped popped : all) {
                answer(r, popped, out);
            }
            out.onCompleted();
        } finally {
            all.forEach(p -> p.records().forEach(ByteBuf::release));
        }
    }

    private void answer(
            Receive r, PopEngine.Popped popped, StreamObserver<ReceiveMessageResponse> out) {
        StoredMessageFlyweight m = new StoredMessageFlyweight();
        for (ByteBuf record : popped.records()) {
            m.wrap(record, record.readerIndex(), record.writerIndex());
            String handle = pops.receiptHandle(popped, m.topic(), m.queueId(), m.queueOffset());
            out.onNext(
                    ReceiveMessageResponse.newBuilder()
                            .setMessage(
                                    MessageViews.of(
                                            record,
                                            r.topic(),
                                            handle,
                                            r.invisibleMs(),
                                            popped.redeliveries(m.queueId(), m.queueOffset())))
                            .build());
        }
    }

    boolean hasNews(Receive r) {
        if (r.liteClient() == null) {
            return pops.hasNews(r.group(), r.topic(), r.order());
        }
        return LitePops.anyReady(
                lites,
                r.group(),
                r.liteClient(),
                r.topic(),
                queue -> pops.hasNews(r.group(), queue, r.order()));
    }

    private Receive check(ReceiveMessageRequest request) throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        TopicConfig topic = routes.topic(request.getMessageQueue().getTopic().getName());
        Subscription filter = filters.of(group, topic.topicName(), request.getFilterExpression());
        // A push consumer asks for auto renewal and names no invisible time: the reference
        // proxy's default applies (renewal itself is not served yet: docs/grpc.md).
        boolean byDefault = request.getAutoRenew() && !request.hasInvisibleDuration();
        long invisible =
                byDefault ? DEFAULT_INVISIBLE_MS : Times.millis(request.getInvisibleDuration());
        if (!(byDefault || request.hasInvisibleDuration())
                || invisible < MIN_INVISIBLE_MS
                || invisible > MAX_INVISIBLE_MS) {
            throw new BadRequest(
                    Code.ILLEGAL_INVISIBLE_TIME, "invisible duration must be between 1 s and 12 h");
        }
        long poll =
                request.hasLongPollingTimeout() ? Times.millis(request.getLongPollingTimeout()) : 0;
        if (poll < 0 || poll > MAX_POLL_MS) {
            throw new BadRequest(Code.ILLEGAL_POLLING_TIME, "long polling timeout out of range");
        }
        int queueId = request.getMessageQueue().getId();
        if (queueId >= topic.readQueueNums() || queueId < -1) {
            throw new BadRequest(Code.BAD_REQUEST, "no such queue " + queueId);
        }
        int max = Math.max(1, Math.min(MAX_BATCH, request.getBatchSize()));
        // The queue only names the broker, as with the reference proxy: a SimpleConsumer names
        // each route queue in turn, yet every receive pops all of them (queue -1), so a PRIORITY
        // topic drains highest priority first and a backlog is not read one queue per call.
        return new Receive(
                group,
                topic.topicName(),
                -1,
                max,
                invisible,
                filter,
                orderlyGroups.test(group),
                System.currentTimeMillis() + poll,
                Routes.accepted(topic).contains(MessageType.LITE) ? Peer.clientId() : null);
    }

    static ReceiveMessageResponse status(Code code, String message) {
        return ReceiveMessageResponse.newBuilder().setStatus(Statuses.of(code, message)).build();
    }
}
