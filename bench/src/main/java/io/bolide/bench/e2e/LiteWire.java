package io.bolide.bench.e2e;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;

/**
 * The lite-topic requests of bench/run-lite.sh (issue #34) as raw remoting frames, the same bytes
 * for Apache RocketMQ 5.5.0 and Bolide: a LITE parent topic and a group bound to it, sends naming a
 * lite topic, LITE_SUBSCRIPTION_CTL (200071), POP_LITE_MESSAGE (200070) and ACK_MESSAGE naming the
 * lite topic. Built on the 5.4.0 remoting client the bench already carries (its header classes
 * predate Lite Topics, so the fields are set by name, as the 5.5.0 classes name them).
 */
final class LiteWire implements AutoCloseable {
    static final int POP_LITE_MESSAGE = 200070;
    static final int LITE_SUBSCRIPTION_CTL = 200071;
    static final int GET_BROKER_LITE_INFO = 200074;
    private static final int ACK_MESSAGE = 200051;
    private static final int SEND_MESSAGE = 10;
    private static final int UPDATE_AND_CREATE_TOPIC = 17;
    private static final int UPDATE_AND_CREATE_SUBSCRIPTIONGROUP = 200;
    private static final long TIMEOUT_MS = 30_000;

    private final NettyRemotingClient client;
    private final String broker;
    private final String brokerName;

    LiteWire(String broker, String brokerName) {
        this.broker = broker;
        this.brokerName = brokerName;
        this.client = new NettyRemotingClient(new NettyClientConfig());
        client.start();
    }

    RemotingCommand call(RemotingCommand request) throws Exception {
        return client.invokeSync(broker, request, TIMEOUT_MS);
    }

    void createParent(String topic) throws Exception {
        RemotingCommand r = RemotingCommand.createRequestCommand(UPDATE_AND_CREATE_TOPIC, null);
        r.addExtField("topic", topic);
        r.addExtField("defaultTopic", "TBW102");
        r.addExtField("readQueueNums", "1");
        r.addExtField("writeQueueNums", "1");
        r.addExtField("perm", "6");
        r.addExtField("topicFilterType", "SINGLE_TAG");
        r.addExtField("topicSysFlag", "0");
        r.addExtField("order", "false");
        r.addExtField("attributes", "+message.type=LITE");
        ok(call(r), "create the parent topic");
    }

    void createGroup(String group, String parent) throws Exception {
        RemotingCommand r =
                RemotingCommand.createRequestCommand(UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, null);
        String body =
                "{\"groupName\":\"%s\",\"consumeEnable\":true,\"retryQueueNums\":1,"
                                .formatted(group)
                        + "\"attributes\":{\"+lite.bind.topic\":\"%s\"}}".formatted(parent);
        r.setBody(body.getBytes(StandardCharsets.UTF_8));
        ok(call(r), "create the group");
    }

    /** SEND_MESSAGE of one message of {@code lite} under {@code parent}. */
    RemotingCommand send(String parent, String lite, byte[] body, String unique) throws Exception {
        RemotingCommand r = RemotingCommand.createRequestCommand(SEND_MESSAGE, null);
        r.addExtField("producerGroup", "lite-load");
        r.addExtField("topic", parent);
        r.addExtField("defaultTopic", "TBW102");
        r.addExtField("defaultTopicQueueNums", "1");
        r.addExtField("queueId", "0");
        r.addExtField("sysFlag", "0");
        r.addExtField("bornTimestamp", Long.toString(System.currentTimeMillis()));
        r.addExtField("flag", "0");
        r.addExtField("properties", "__LITE_TOPIC\u0001" + lite + "\u0002UNIQ_KEY\u0001" + unique);
        r.addExtField("reconsumeTimes", "0");
        r.addExtField("unitMode", "false");
        r.addExtField("batch", "false");
        r.setBody(body);
        return call(r);
    }

    /** LITE_SUBSCRIPTION_CTL: {@code client} of {@code group} adds {@code lites}. */
    RemotingCommand subscribe(String client, String group, String parent, List<String> lites)
            throws Exception {
        StringBuilder names = new StringBuilder();
        for (String lite : lites) {
            names.append(names.length() == 0 ? "\"" : ",\"").append(lite).append('"');
        }
        String body =
                "{\"subscriptionSet\":[{\"action\":\"PARTIAL_ADD\",\"clientId\":\"%s\","
                                .formatted(client)
                        + "\"group\":\"%s\",\"topic\":\"%s\",\"liteTopicSet\":[%s]}]}"
                                .formatted(group, parent, names);
        RemotingCommand r = RemotingCommand.createRequestCommand(LITE_SUBSCRIPTION_CTL, null);
        r.setBody(body.getBytes(StandardCharsets.UTF_8));
        return call(r);
    }

    /** One POP_LITE_MESSAGE of up to 32 messages, held at most {@code pollMs}. */
    RemotingCommand pop(String client, String group, String parent, long pollMs) throws Exception {
        RemotingCommand r = RemotingCommand.createRequestCommand(POP_LITE_MESSAGE, null);
        r.addExtField("clientId", client);
        r.addExtField("consumerGroup", group);
        r.addExtField("topic", parent);
        r.addExtField("maxMsgNum", "32");
        r.addExtField("invisibleTime", "120000");
        r.addExtField("pollTime", Long.toString(pollMs));
        r.addExtField("bornTime", Long.toString(System.currentTimeMillis()));
        return this.client.invokeSync(broker, r, TIMEOUT_MS + pollMs);
    }

    static List<MessageExt> messages(RemotingCommand popped) {
        return MessageDecoder.decodesBatch(ByteBuffer.wrap(popped.getBody()), true, false, true);
    }

    /** ACK_MESSAGE of one popped message, naming its lite topic. */
    RemotingCommand ack(String group, String parent, RemotingCommand popped, MessageExt m)
            throws Exception {
        String lite = m.getProperty("__LITE_TOPIC");
        long offset = Long.parseLong(m.getProperty("INNER_MULTI_QUEUE_OFFSET"));
        String handle =
                ExtraInfoUtil.buildExtraInfo(
                        0,
                        Long.parseLong(popped.getExtFields().get("popTime")),
                        Long.parseLong(popped.getExtFields().get("invisibleTime")),
                        Integer.parseInt(popped.getExtFields().get("reviveQid")),
                        m.getProperty("INNER_MULTI_DISPATCH"),
                        brokerName,
                        0,
                        offset);
        RemotingCommand r = RemotingCommand.createRequestCommand(ACK_MESSAGE, null);
        r.addExtField("consumerGroup", group);
        r.addExtField("topic", parent);
        r.addExtField("queueId", "0");
        r.addExtField("extraInfo", handle);
        r.addExtField("offset", Long.toString(offset));
        r.addExtField("liteTopic", lite);
        return call(r);
    }

    static RemotingCommand ok(RemotingCommand answer, String what) {
        if (answer.getCode() != 0) {
            throw new IllegalStateException(
                    what + ": code " + answer.getCode() + " " + answer.getRemark());
        }
        return answer;
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
