package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.GetOffsetRequest;
import io.bolide.grpc.v2.GetOffsetResponse;
import io.bolide.grpc.v2.MessageQueue;
import io.bolide.grpc.v2.QueryOffsetRequest;
import io.bolide.grpc.v2.QueryOffsetResponse;
import io.bolide.grpc.v2.Status;
import io.bolide.grpc.v2.UpdateOffsetRequest;
import io.bolide.grpc.v2.UpdateOffsetResponse;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetMaxOffsetRequestHeader;
import io.bolide.protocol.header.OffsetResponseHeader;
import io.bolide.protocol.header.QueryConsumerOffsetRequestHeader;
import io.bolide.protocol.header.SearchOffsetRequestHeader;
import io.bolide.protocol.header.TopicQueueRequestHeader;
import io.bolide.protocol.header.UpdateConsumerOffsetRequestHeader;
import io.bolide.remoting.LocalCalls;
import io.grpc.stub.StreamObserver;
import java.util.function.BiConsumer;

/**
 * QueryOffset, GetOffset and UpdateOffset: the remoting codes a pull consumer sends for the same
 * answers (GET_MIN_OFFSET, GET_MAX_OFFSET, SEARCH_OFFSET_BY_TIMESTAMP; QUERY_CONSUMER_OFFSET;
 * UPDATE_CONSUMER_OFFSET), through the same handlers and the same offset table, so an offset
 * committed over one protocol is read over the other.
 */
final class Offsets {
    private final Routes routes;
    private final LocalCalls calls;

    Offsets(Routes routes, LocalCalls calls) {
        this.routes = routes;
        this.calls = calls;
    }

    void query(QueryOffsetRequest request, StreamObserver<QueryOffsetResponse> out)
            throws BadRequest {
        MessageQueue queue = request.getMessageQueue();
        String topic = queue(queue);
        int code;
        CommandHeader header;
        switch (request.getQueryOffsetPolicy()) {
            case BEGINNING -> {
                code = RequestCode.GET_MIN_OFFSET;
                header = new TopicQueueRequestHeader().topic(topic).queueId(queue.getId());
            }
            case END -> {
                code = RequestCode.GET_MAX_OFFSET;
                header = new GetMaxOffsetRequestHeader().topic(topic).queueId(queue.getId());
            }
            case TIMESTAMP -> {
                if (!request.hasTimestamp()) {
                    throw new BadRequest(Code.BAD_REQUEST, "TIMESTAMP policy needs a timestamp");
                }
                code = RequestCode.SEARCH_OFFSET_BY_TIMESTAMP;
                header =
                        new SearchOffsetRequestHeader()
                                .topic(topic)
                                .queueId(queue.getId())
                                .timestamp(Times.millis(request.getTimestamp()));
            }
            default -> throw new BadRequest(Code.BAD_REQUEST, "unknown query offset policy");
        }
        call(
                code,
                header,
                true,
                (status, offset) ->
                        finish(
                                out,
                                QueryOffsetResponse.newBuilder()
                                        .setStatus(status)
                                        .setOffset(offset)
                                        .build()));
    }

    void get(GetOffsetRequest request, StreamObserver<GetOffsetResponse> out) throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        String topic = queue(request.getMessageQueue());
        QueryConsumerOffsetRequestHeader header =
                new QueryConsumerOffsetRequestHeader()
                        .consumerGroup(group)
                        .topic(topic)
                        .queueId(request.getMessageQueue().getId());
        call(
                RequestCode.QUERY_CONSUMER_OFFSET,
                header,
                true,
                (status, offset) ->
                        finish(
                                out,
                                GetOffsetResponse.newBuilder()
                                        .setStatus(status)
                                        .setOffset(offset)
                                        .build()));
    }

    void update(UpdateOffsetRequest request, StreamObserver<UpdateOffsetResponse> out)
            throws BadRequest {
        String group = request.getGroup().getName();
        Names.check("group", group);
        String topic = queue(request.getMessageQueue());
        if (request.getOffset() < 0) {
            throw new BadRequest(Code.ILLEGAL_OFFSET, "offset must not be negative");
        }
        UpdateConsumerOffsetRequestHeader header =
                new UpdateConsumerOffsetRequestHeader()
                        .consumerGroup(group)
                        .topic(topic)
                        .queueId(request.getMessageQueue().getId())
                        .commitOffset(request.getOffset());
        call(
                RequestCode.UPDATE_CONSUMER_OFFSET,
                header,
                false,
                (status, offset) ->
                        finish(out, UpdateOffsetResponse.newBuilder().setStatus(status).build()));
    }

    /** The queue's topic, checked: it exists and has that queue. */
    private String queue(MessageQueue queue) throws BadRequest {
        TopicConfig topic = routes.topic(queue.getTopic().getName());
        if (queue.getId() < 0 || queue.getId() >= topic.readQueueNums()) {
            throw new BadRequest(Code.BAD_REQUEST, "no such queue " + queue.getId());
        }
        return topic.topicName();
    }

    private void call(
            int code, CommandHeader header, boolean offset, BiConsumer<Status, Long> answer) {
        calls.callChecked(Peer.current(), code, header, null)
                .whenComplete(
                        (response, failure) -> {
                            if (failure != null) {
                                answer.accept(
                                        Statuses.of(
                                                Code.INTERNAL_SERVER_ERROR, "failed: " + failure),
                                        -1L);
                                return;
                            }
                            try {
                                answered(response, offset, answer);
                            } finally {
                                response.release();
                            }
                        });
    }

    private static void answered(
            RemotingCommand response, boolean offset, BiConsumer<Status, Long> answer) {
        if (response.code() == ResponseCode.QUERY_NOT_FOUND) {
            answer.accept(Statuses.of(Code.OFFSET_NOT_FOUND, "no offset committed"), -1L);
        } else if (response.code() != ResponseCode.SUCCESS) {
            answer.accept(
                    Statuses.of(
                            RemotingStatus.of(response.code()), String.valueOf(response.remark())),
                    -1L);
        } else {
            answer.accept(
                    Statuses.OK,
                    offset ? OffsetResponseHeader.decode(response.extFields()).offset() : 0L);
        }
    }

    private static <R> void finish(StreamObserver<R> out, R answer) {
        out.onNext(answer);
        out.onCompleted();
    }
}
