package io.bolide.admin;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
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
 * its commit-log offset, so VIEW_MESSAGE_BY_ID goes straight there, no name server needed.
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
     * QUERY_MESSAGE to the master of each broker group on the topic's route: the messages whose
     * keys hold {@code --key} (the last 64 per broker), oldest first per broker.
     */
    private static Report find(AdminClient client, CommandArgs args) throws AdminException {
        String topic = args.required("--topic");
        String key = args.required("--key");
        QueryMessageRequestHeader header =
                new QueryMessageRequestHeader()
                        .topic(topic)
                        .key(key)
                        .maxNum(MAX_FOUND)
                        .beginTimestamp(0)
                        .endTimestamp(Long.MAX_VALUE);
        Report report = new Report("broker", "msgId", "queueId", "queueOffset", "storeTime");
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
                StoredMessageFlyweight message = decoder.message();
                report.row(
                        broker,
                        OffsetMessageId.of(message),
                        message.queueId(),
                        message.queueOffset(),
                        Instant.ofEpochMilli(message.storeTimestamp()).toString());
            }
        }
        return report;
    }

    private static List<String> brokersOf(TopicRouteData route) {
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
