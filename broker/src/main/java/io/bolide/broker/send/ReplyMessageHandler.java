package io.bolide.broker.send;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ReplyMessageRequestHeader;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.remoting.Connection;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * SEND_REPLY_MESSAGE (324, long keys) and SEND_REPLY_MESSAGE_V2 (325, short keys): the reply of
 * request-reply (RIP-9, #38). The reply is stored in its topic (the cluster's reply topic) like any
 * message, then pushed with PUSH_REPLY_MESSAGE_TO_CLIENT (326) over the connection of the client
 * named in its REPLY_TO_CLIENT property; the answer says whether that push succeeded, as the
 * reference's does (msgId "0", queue 0, offset 0 on success; SYSTEM_ERROR with the reason when the
 * requester is gone or did not take it).
 */
final class ReplyMessageHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(ReplyMessageHandler.class);

    /** The reference's push timeout. */
    static final long PUSH_TIMEOUT_MILLIS = 10_000;

    private final SendChecks checks;
    private final SendResponder responder;
    private final MessageStore store;
    private final Function<String, Connection> requesters;
    private final String storeHost;
    private final SendStamp stamp;

    ReplyMessageHandler(
            SendChecks checks,
            SendResponder responder,
            MessageStore store,
            Function<String, Connection> requesters,
            String storeHost,
            SendStamp stamp) {
        this.checks = checks;
        this.responder = responder;
        this.store = store;
        this.requesters = requesters;
        this.storeHost = storeHost;
        this.stamp = stamp;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SendMessageRequestHeader header = SendMessageRequestHeader.decode(request.extFields());
        TopicConfig topic = checks.topicFor(header, exchange);
        if (topic == null) {
            return;
        }
        ByteBuf body = request.body();
        if (!checks.sizesAllowed(body.readableBytes(), exchange)) {
            return;
        }
        int queueId = SendChecks.chooseQueue(header.queueId(), topic);
        if (!stored(header, topic.topicName(), queueId, body, exchange)) {
            return;
        }
        String clientId = MessageProperty.of(header.properties(), MessageProperty.REPLY_TO_CLIENT);
        if (clientId == null) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR, "reply message properties[REPLY_TO_CLIENT] is null");
            return;
        }
        Connection requester = requesters.apply(clientId);
        if (requester == null) {
            LOG.debug("reply for {}: no connection of that client", clientId);
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "push reply message fail, channel of <" + clientId + "> not found.");
            return;
        }
        push(requester, pushHeader(header, exchange), body.retainedDuplicate())
                .whenComplete((ok, failure) -> answer(exchange, clientId, ok, failure));
    }

    private CompletableFuture<Boolean> push(
            Connection requester, ReplyMessageRequestHeader header, ByteBuf body) {
        return requester
                .invoke(RequestCode.PUSH_REPLY_MESSAGE_TO_CLIENT, header, body, PUSH_TIMEOUT_MILLIS)
                .thenApply(
                        response -> {
                            try {
                                return response.code() == ResponseCode.SUCCESS;
                            } finally {
                                response.release();
                            }
                        });
    }

    private void answer(Exchange exchange, String clientId, Boolean ok, Throwable failure) {
        if (failure == null && Boolean.TRUE.equals(ok)) {
            exchange.respond(
                    ResponseCode.SUCCESS,
                    null,
                    new SendResponseHeader(
                            "0", 0, 0, null, null, stamp.now().region(), stamp.now().traceOn()),
                    null);
            return;
        }
        LOG.debug("push of a reply to {} failed", clientId, failure);
        exchange.respond(ResponseCode.SYSTEM_ERROR, "push reply message to " + clientId + "fail.");
    }

    /** Stores the reply in its topic; false after answering a failure. */
    private boolean stored(
            SendMessageRequestHeader header,
            String topic,
            int queueId,
            ByteBuf body,
            Exchange exchange) {
        MessageRecordWriter writer = new MessageRecordWriter();
        try {
            StoredMessageEncoder encoder = writer.start();
            PeerHost born = PeerHost.of(exchange.connection());
            Integer reconsumeTimes = header.reconsumeTimes();
            encoder.flag(header.flag())
                    .sysFlag(header.sysFlag())
                    .bornTimestamp(header.bornTimestamp())
                    .bornHost(born.address, born.port)
                    .storeHost(responder.storeAddress(), responder.storePort())
                    .reconsumeTimes(reconsumeTimes == null ? 0 : reconsumeTimes)
                    .body(body)
                    .bodyCrc(new BodyCrc().of(body))
                    .properties(header.properties())
                    .appendProperties(stamp.now().properties());
            store.put(writer.prepare(topic, queueId))
                    .whenComplete(
                            (r, t) -> {
                                if (t != null) {
                                    LOG.warn(
                                            "a reply to {} was not stored: {}",
                                            topic,
                                            t.toString());
                                }
                            });
            return true;
        } catch (IllegalArgumentException e) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, checks.illegalRemark());
            return false;
        } finally {
            writer.clear();
        }
    }

    private ReplyMessageRequestHeader pushHeader(
            SendMessageRequestHeader header, Exchange exchange) {
        Boolean unitMode = header.unitMode();
        return new ReplyMessageRequestHeader()
                .producerGroup(header.producerGroup())
                .topic(header.topic())
                .defaultTopic(header.defaultTopic())
                .defaultTopicQueueNums(header.defaultTopicQueueNums())
                .queueId(header.queueId())
                .sysFlag(header.sysFlag())
                .bornTimestamp(header.bornTimestamp())
                .flag(header.flag())
                .properties(
                        MessageProperty.with(
                                header.properties(),
                                MessageProperty.PUSH_REPLY_TIME,
                                Long.toString(System.currentTimeMillis())))
                .reconsumeTimes(header.reconsumeTimes())
                .unitMode(unitMode != null && unitMode)
                .bornHost(hostPort(exchange.connection()))
                .storeHost(storeHost)
                .storeTimestamp(System.currentTimeMillis());
    }

    private static String hostPort(Connection connection) {
        Object remote = connection.channel().remoteAddress();
        if (remote instanceof InetSocketAddress socket && socket.getAddress() != null) {
            return socket.getAddress().getHostAddress() + ":" + socket.getPort();
        }
        return "0.0.0.0:0";
    }
}
