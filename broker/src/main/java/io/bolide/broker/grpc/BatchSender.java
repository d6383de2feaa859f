package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Message;
import io.bolide.grpc.v2.MessageType;
import io.bolide.grpc.v2.SendMessageRequest;
import io.bolide.grpc.v2.SendMessageResponse;
import io.bolide.grpc.v2.SendResultEntry;
import io.bolide.grpc.v2.Status;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.header.SendMessageResponseHeader;
import io.bolide.protocol.message.BatchBodyEncoder;
import io.bolide.remoting.LocalCalls;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.function.IntSupplier;

/**
 * A SendMessage of several messages: as the reference proxy requires, all of one topic, stored
 * together as the SEND_BATCH_MESSAGE a remoting producer sends (one queue, consecutive offsets, all
 * or none), answered with one entry per message in the request's order.
 */
final class BatchSender {
    private final Sender single;
    private final LocalCalls calls;
    private final IntSupplier maxBodySize;

    BatchSender(Sender single, LocalCalls calls, IntSupplier maxBodySize) {
        this.single = single;
        this.calls = calls;
        this.maxBodySize = maxBodySize;
    }

    void send(SendMessageRequest request, StreamObserver<SendMessageResponse> out)
            throws BadRequest {
        List<Message> messages = request.getMessagesList();
        TopicConfig topic = single.topicOf(messages.get(0));
        ByteBuf body = Unpooled.buffer();
        try {
            for (Message message : messages) {
                checkAlike(messages.get(0), message);
                single.topicOf(message);
                ByteBuf plain =
                        Unpooled.wrappedBuffer(
                                GzipBodies.identity(message, maxBodySize.getAsInt()));
                BatchBodyEncoder.encode(body, 0, plain, SendProperties.of(message));
            }
            SendMessageRequestHeader header =
                    Sender.header(messages.get(0), topic).batch(true).properties("");
            calls.callChecked(Peer.current(), RequestCode.SEND_BATCH_MESSAGE, header, body)
                    .whenComplete((response, failure) -> answer(out, messages, response, failure));
        } catch (IllegalArgumentException e) {
            throw new BadRequest(Code.MESSAGE_PROPERTIES_TOO_LARGE, e.getMessage());
        } finally {
            body.release();
        }
    }

    /** One topic, and only types a batch can carry: a delay or a half needs a send of its own. */
    private static void checkAlike(Message first, Message message) throws BadRequest {
        if (!first.getTopic().getName().equals(message.getTopic().getName())) {
            throw new BadRequest(Code.MESSAGE_CORRUPTED, "topic in message is not same");
        }
        MessageType type = message.getSystemProperties().getMessageType();
        if (type == MessageType.DELAY || type == MessageType.TRANSACTION) {
            throw new BadRequest(
                    Code.BAD_REQUEST, "a batch carries NORMAL or FIFO messages, not " + type);
        }
        if (!first.getSystemProperties()
                .getMessageGroup()
                .equals(message.getSystemProperties().getMessageGroup())) {
            throw new BadRequest(
                    Code.ILLEGAL_MESSAGE_GROUP,
                    "a batch is stored in one queue: one message group");
        }
    }

    private static void answer(
            StreamObserver<SendMessageResponse> out,
            List<Message> messages,
            RemotingCommand response,
            Throwable failure) {
        SendMessageResponse.Builder answer = SendMessageResponse.newBuilder();
        try {
            Status status = status(response, failure);
            long first =
                    status.getCode() == Code.OK
                            ? SendMessageResponseHeader.decode(response.extFields()).queueOffset()
                            : -1;
            for (int i = 0; i < messages.size(); i++) {
                SendResultEntry.Builder entry =
                        SendResultEntry.newBuilder()
                                .setMessageId(messages.get(i).getSystemProperties().getMessageId())
                                .setStatus(status);
                if (first >= 0) {
                    entry.setOffset(first + i);
                }
                answer.addEntries(entry);
            }
            answer.setStatus(status);
        } finally {
            if (response != null) {
                response.release();
            }
        }
        out.onNext(answer.build());
        out.onCompleted();
    }

    private static Status status(RemotingCommand response, Throwable failure) {
        if (failure != null) {
            return Statuses.of(Code.INTERNAL_SERVER_ERROR, "send failed: " + failure);
        }
        if (response.code() != ResponseCode.SUCCESS) {
            return Statuses.of(
                    RemotingStatus.of(response.code()), String.valueOf(response.remark()));
        }
        return Statuses.OK;
    }
}
