package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.FilterType;
import io.bolide.grpc.v2.PullMessageRequest;
import io.bolide.grpc.v2.PullMessageResponse;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PullMessageRequestHeader;
import io.bolide.protocol.header.PullMessageResponseHeader;
import io.bolide.remoting.LocalCalls;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;

/**
 * PullMessage: the PULL_MESSAGE a lite pull consumer sends (its own subscription in the request,
 * tag or SQL92, long polling through the pull hold), through the same handler; answered as a
 * stream: the status, one response per message, then the next offset to pull from. Offsets are the
 * caller's to keep (UpdateOffset), as with a remoting pull consumer.
 */
final class Pulls {
    private static final int FLAG_SUSPEND = 2;
    private static final int FLAG_SUBSCRIPTION = 4;

    private final Routes routes;
    private final LocalCalls calls;
    private final Filters filters;

    Pulls(Routes routes, LocalCalls calls, Filters filters) {
        this.routes = routes;
        this.calls = calls;
        this.filters = filters;
    }

    void pull(PullMessageRequest request, StreamObserver<PullMessageResponse> out)
            throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        TopicConfig topic = routes.topic(request.getMessageQueue().getTopic().getName());
        int queueId = request.getMessageQueue().getId();
        if (queueId < 0 || queueId >= topic.readQueueNums()) {
            throw new BadRequest(Code.BAD_REQUEST, "no such queue " + queueId);
        }
        if (request.getOffset() < 0) {
            throw new BadRequest(Code.ILLEGAL_OFFSET, "offset must not be negative");
        }
        filters.of(group, topic.topicName(), request.getFilterExpression());
        long poll =
                request.hasLongPollingTimeout() ? Times.millis(request.getLongPollingTimeout()) : 0;
        if (poll < 0 || poll > Receiver.MAX_POLL_MS) {
            throw new BadRequest(Code.ILLEGAL_POLLING_TIME, "long polling timeout out of range");
        }
        boolean sql = request.getFilterExpression().getType() == FilterType.SQL;
        String expression = request.getFilterExpression().getExpression();
        PullMessageRequestHeader header =
                new PullMessageRequestHeader()
                        .consumerGroup(group)
                        .topic(topic.topicName())
                        .queueId(queueId)
                        .queueOffset(request.getOffset())
                        .maxMsgNums(
                                Math.max(1, Math.min(Receiver.MAX_BATCH, request.getBatchSize())))
                        .sysFlag(FLAG_SUBSCRIPTION | (poll > 0 ? FLAG_SUSPEND : 0))
                        .commitOffset(0)
                        .suspendTimeoutMillis(poll)
                        .subscription(expression.isBlank() ? "*" : expression)
                        .subVersion(0)
                        .expressionType(sql ? "SQL92" : "TAG");
        String name = topic.topicName();
        calls.callChecked(Peer.current(), RequestCode.PULL_MESSAGE, header, null)
                .whenComplete((response, failure) -> answer(out, name, request, response, failure));
    }

    private static void answer(
            StreamObserver<PullMessageResponse> out,
            String topic,
            PullMessageRequest request,
            RemotingCommand response,
            Throwable failure) {
        if (failure != null) {
            out.onNext(status(Code.INTERNAL_SERVER_ERROR, "pull failed: " + failure));
            out.onCompleted();
            return;
        }
        try {
            if (out instanceof ServerCallStreamObserver<?> call && call.isCancelled()) {
                return;
            }
            stream(out, topic, request, response);
        } finally {
            response.release();
        }
    }

    private static void stream(
            StreamObserver<PullMessageResponse> out,
            String topic,
            PullMessageRequest request,
            RemotingCommand response) {
        int code = response.code();
        if (code != ResponseCode.SUCCESS
                && code != ResponseCode.PULL_NOT_FOUND
                && code != ResponseCode.PULL_RETRY_IMMEDIATELY
                && code != ResponseCode.PULL_OFFSET_MOVED) {
            out.onNext(status(RemotingStatus.of(code), String.valueOf(response.remark())));
            out.onCompleted();
            return;
        }
        long next = PullMessageResponseHeader.decode(response.extFields()).nextBeginOffset();
        if (code == ResponseCode.SUCCESS) {
            out.onNext(status(Code.OK, "OK"));
            ByteBuf body = response.body();
            while (body != null && body.readableBytes() >= 4) {
                int size = body.getInt(body.readerIndex());
                ByteBuf record = body.readSlice(size);
                out.onNext(
                        PullMessageResponse.newBuilder()
                                .setMessage(MessageViews.of(record, topic, "", 0, 0))
                                .build());
            }
        } else if (code == ResponseCode.PULL_OFFSET_MOVED) {
            out.onNext(status(Code.ILLEGAL_OFFSET, "offset " + request.getOffset() + " moved"));
        } else {
            out.onNext(status(Code.MESSAGE_NOT_FOUND, "no new message"));
        }
        out.onNext(PullMessageResponse.newBuilder().setNextOffset(next).build());
        out.onCompleted();
    }

    private static PullMessageResponse status(Code code, String message) {
        return PullMessageResponse.newBuilder().setStatus(Statuses.of(code, message)).build();
    }
}
