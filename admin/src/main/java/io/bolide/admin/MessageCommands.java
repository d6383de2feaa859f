package io.bolide.admin;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.ConsumeMessageDirectlyResult;
import io.bolide.protocol.body.GetConsumerListByGroupResponseBody;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.header.ConsumeMessageDirectlyRequestHeader;
import io.bolide.protocol.header.ConsumerGroupRequestHeader;
import io.bolide.protocol.header.QueryMessageRequestHeader;
import io.bolide.protocol.header.ViewMessageRequestHeader;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.protocol.message.StoredMessageDecoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code message get -i MSGID}: the offset message id names the broker that stored the message and
 * its commit-log offset, so VIEW_MESSAGE_BY_ID goes straight there, no name server needed; {@code
 * message resend} goes there the same way. {@code message find} asks each broker of the route;
 * {@code message trace} is {@link MessageTrace}.
 */
final class MessageCommands {
    private static final int COMPRESSED = 1;
    private static final int MAX_FOUND = 64;

    private MessageCommands() {}

    static Report run(String verb, CommandArgs args, AdminClient client) throws AdminException {
        switch (verb) {
            case "get":
                return get(client, args);
            case "find":
                return find(client, args);
            case "resend":
                return resend(client, args);
            case "trace":
                return MessageTrace.run(client, args);
            default:
                throw AdminException.usage("unknown message command: " + verb);
        }
    }

    private static Report get(AdminClient client, CommandArgs args) throws AdminException {
        String id = args.required("--id");
        OffsetMessageId parsed;
        try {
            parsed = OffsetMessageId.parse(id);
        } catch (ProtocolDecodeException e) {
            throw AdminException.usage("--id: " + e.getMessage());
        }
        InetSocketAddress host = parsed.socketAddress();
        String broker = host.getHostString() + ":" + host.getPort();
        byte[] stored =
                client.call(
                        broker,
                        RequestCode.VIEW_MESSAGE_BY_ID,
                        new ViewMessageRequestHeader()
                                .topic(args.value("--topic"))
                                .offset(parsed.offset()),
                        null);
        ByteBuf buffer = Unpooled.wrappedBuffer(stored);
        StoredMessageDecoder decoder = new StoredMessageDecoder().reset(buffer);
        if (!decoder.next()) {
            throw new AdminException(ExitCode.REFUSED, broker + " answered no message");
        }
        return describe(id, broker, decoder.message());
    }

    /**
     * {@code message resend -i MSGID -g GROUP [--client ID] [-t TOPIC]}: CONSUME_MESSAGE_DIRECTLY
     * to the broker the offset id names, which has one online client of the group (the one named,
     * else the first the broker lists with GET_CONSUMER_LIST_BY_GROUP) consume the stored message
     * now, and relays the client's result (mqadmin's and the dashboard's resend). For a dead
     * letter, {@code -t} names the topic it was first sent to (the one a policy grants {@code Sub}
     * on).
     */
    private static Report resend(AdminClient client, CommandArgs args) throws AdminException {
        String id = args.required("--id");
        String group = args.required("--group");
        String broker = brokerOf(id);
        String clientId = args.value("--client");
        if (clientId == null) {
            GetConsumerListByGroupResponseBody members =
                    client.decoded(
                            broker,
                            RequestCode.GET_CONSUMER_LIST_BY_GROUP,
                            new ConsumerGroupRequestHeader().consumerGroup(group),
                            GetConsumerListByGroupResponseBody.class);
            if (members == null || members.consumerIdList().isEmpty()) {
                throw new AdminException(
                        ExitCode.REFUSED,
                        "no consumer of group " + group + " is online on " + broker);
            }
            clientId = members.consumerIdList().get(0);
        }
        byte[] answer =
                client.call(
                        broker,
                        RequestCode.CONSUME_MESSAGE_DIRECTLY,
                        new ConsumeMessageDirectlyRequestHeader()
                                .consumerGroup(group)
                                .clientId(clientId)
                                .msgId(id)
                                .topic(args.value("--topic")),
                        null);
        ConsumeMessageDirectlyResult result =
                AdminClient.decode(answer, ConsumeMessageDirectlyResult.class, broker);
        Report report = new Report("broker", "group", "clientId", "consumeResult", "remark");
        report.row(
                broker,
                group,
                clientId,
                result == null ? null : String.valueOf(result.consumeResult()),
                result == null ? null : result.remark());
        return report;
    }

    private static String brokerOf(String id) throws AdminException {
        try {
            InetSocketAddress host = OffsetMessageId.parse(id).socketAddress();
            return host.getHostString() + ":" + host.getPort();
        } catch (ProtocolDecodeException e) {
            throw AdminException.usage("--id: " + e.getMessage());
        }
    }

    /**
     * QUERY_MESSAGE to the master of each broker group on the topic's route: the messages whose
     * keys hold {@code --key} (the last 64 per broker), oldest first per broker.
     */
    private static Report find(AdminClient client, CommandArgs args) throws AdminException {
        Report report = new Report("broker", "msgId", "queueId", "queueOffset", "storeTime");
        queryEach(
                client,
                args.required("--topic"),
                args.required("--key"),
                MAX_FOUND,
                (broker, message) ->
                        report.row(
                                broker,
                                OffsetMessageId.of(message),
                                message.queueId(),
                                message.queueOffset(),
                                Instant.ofEpochMilli(message.storeTimestamp()).toString()));
        return report;
    }

    /** What {@link #queryEach} hands each message found to, with the broker that stored it. */
    interface Found {
        void found(String broker, StoredMessageFlyweight message);
    }

    /**
     * QUERY_MESSAGE for {@code key} on {@code topic} (at most {@code max} per broker) to the master
     * of each broker group on the topic's route; each message found goes to {@code found}, a broker
     * with none is skipped.
     */
    static void queryEach(AdminClient client, String topic, String key, int max, Found found)
            throws AdminException {
        QueryMessageRequestHeader header =
                new QueryMessageRequestHeader()
                        .topic(topic)
                        .key(key)
                        .maxNum(max)
                        .beginTimestamp(0)
                        .endTimestamp(Long.MAX_VALUE);
        for (String broker : brokersOf(TopicCommands.routeData(client, topic))) {
            AdminClient.Reply reply =
                    client.exchange(broker, RequestCode.QUERY_MESSAGE, header, null);
            if (reply.code() == ResponseCode.QUERY_NOT_FOUND) {
                continue;
            }
            if (reply.code() != ResponseCode.SUCCESS) {
                throw reply.refusal(broker);
            }
            StoredMessageDecoder decoder =
                    new StoredMessageDecoder().reset(Unpooled.wrappedBuffer(reply.body()));
            while (decoder.next()) {
                found.found(broker, decoder.message());
            }
        }
    }

    /** The master of each broker group of {@code route}. */
    static List<String> brokersOf(TopicRouteData route) {
        List<String> brokers = new ArrayList<>();
        for (BrokerData broker : route.brokerDatas()) {
            String master = broker.brokerAddrs().get(0L);
            if (master != null) {
                brokers.add(master);
            }
        }
        return brokers;
    }

    private static Report describe(String id, String broker, StoredMessageFlyweight message) {
        Report report = new Report("field", "value");
        report.row("msgId", id)
                .row("broker", broker)
                .row("topic", message.topic())
                .row("queueId", message.queueId())
                .row("queueOffset", message.queueOffset())
                .row("commitLogOffset", message.physicalOffset())
                .row("bornTime", Instant.ofEpochMilli(message.bornTimestamp()).toString())
                .row("storeTime", Instant.ofEpochMilli(message.storeTimestamp()).toString())
                .row("reconsumeTimes", message.reconsumeTimes())
                .row("bodyLength", message.bodyLength());
        for (Map.Entry<String, String> property : new TreeMap<>(message.propertyMap()).entrySet()) {
            report.row("property." + property.getKey(), property.getValue());
        }
        report.row("body", body(message));
        return report;
    }

    /** The body as UTF-8 text; a compressed one is only sized (its text would be noise). */
    private static String body(StoredMessageFlyweight message) {
        if ((message.sysFlag() & COMPRESSED) != 0) {
            return "(compressed, " + message.bodyLength() + " bytes)";
        }
        return message.body().toString(StandardCharsets.UTF_8);
    }
}
