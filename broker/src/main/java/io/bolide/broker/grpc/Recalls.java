package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.RecallMessageRequest;
import io.bolide.grpc.v2.RecallMessageResponse;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.RecallMessageRequestHeader;
import io.bolide.protocol.header.RecallMessageResponseHeader;
import io.bolide.remoting.LocalCalls;
import io.grpc.stub.StreamObserver;

/**
 * RecallMessage: the RECALL_MESSAGE a remoting producer sends, through the same handler (the delay
 * engine's recall: a delayed or timer message not yet due is cancelled by the handle its send
 * answered), its refusal mapped to the v2 status; the answer names the recalled message.
 */
final class Recalls {
    private final Routes routes;
    private final LocalCalls calls;

    Recalls(Routes routes, LocalCalls calls) {
        this.routes = routes;
        this.calls = calls;
    }

    void recall(RecallMessageRequest request, StreamObserver<RecallMessageResponse> out)
            throws BadRequest {
        TopicConfig topic = routes.topic(request.getTopic().getName());
        if (request.getRecallHandle().isBlank()) {
            throw new BadRequest(Code.BAD_REQUEST, "recall handle is empty");
        }
        RecallMessageRequestHeader header =
                new RecallMessageRequestHeader()
                        .producerGroup(SendProperties.producerGroup(topic.topicName()))
                        .topic(topic.topicName())
                        .recallHandle(request.getRecallHandle());
        calls.callChecked(Peer.current(), RequestCode.RECALL_MESSAGE, header, null)
                .whenComplete(
                        (response, failure) -> {
                            out.onNext(answer(response, failure));
                            out.onCompleted();
                        });
    }

    private static RecallMessageResponse answer(RemotingCommand response, Throwable failure) {
        RecallMessageResponse.Builder answer = RecallMessageResponse.newBuilder();
        if (failure != null) {
            return answer.setStatus(
                            Statuses.of(Code.INTERNAL_SERVER_ERROR, "recall failed: " + failure))
                    .build();
        }
        try {
            if (response.code() != ResponseCode.SUCCESS) {
                return answer.setStatus(
                                Statuses.of(
                                        RemotingStatus.of(response.code()),
                                        String.valueOf(response.remark())))
                        .build();
            }
            String id = RecallMessageResponseHeader.decode(response.extFields()).msgId();
            return answer.setStatus(Statuses.OK).setMessageId(id == null ? "" : id).build();
        } finally {
            response.release();
        }
    }
}
