package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.rocketmq.common.lite.LiteSubscriptionAction;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.header.AckMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;
import org.apache.rocketmq.remoting.protocol.header.GetLiteClientInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetLiteGroupInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetLiteTopicInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetParentTopicInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PopLiteMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PopLiteMessageResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.TriggerLiteDispatchRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The remoting codes of Lite Topics (200070–200079, issue #34) sent alike to an Apache RocketMQ
 * 5.5.0 broker and to a Bolide broker: the same lite state set up on both, then the same requests,
 * the answers compared in response code, remark and body, with times and client-side ids left out.
 * Lite messages are acknowledged with ACK_MESSAGE naming the lite topic, as the reference's client
 * does: its broker serves no ACK_LITE_MESSAGE. Among them: an unknown parent topic, a topic that is
 * not LITE, a group not bound to the parent, lite subscriptions past the broker's quota (100000,
 * both brokers' default) and bad bodies.
 */
class LiteCodesDifferentialTest {
    private static final String PARENT = "LiteParent";
    private static final String NORMAL = "LiteNormal";
    private static final String GROUP = "lite-cg";
    private static final String PLAIN_GROUP = "plain-cg";
    private static final String CLIENT = "client-1";
    private static final int QUOTA = 100_000;
    private static final int PER_CLIENT = 2_000;
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Body fields that hold a time (or a count of the reference's own machinery). */
    private static final Set<String> VOLATILE =
            Set.of(
                    "lastUpdateTimestamp",
                    "lastAccessTime",
                    "lastConsumeTime",
                    "earliestUnconsumedTimestamp",
                    "lastTimestamp",
                    "orderInfoCount",
                    "cqTableSize",
                    "offsetTableSize",
                    "eventMapSize",
                    "storeType");

    /** The reference stores lite topics (LMQs) only with these on; Bolide always does. */
    private static final Map<String, String> APACHE =
            Map.of("enableLmq", "true", "enableMultiDispatch", "true");

    @TempDir Path dir;

    @Test
    void shouldAnswerEveryLiteCodeAsTheApacheBrokerDoes() throws Exception {
        try (ApacheBroker apache =
                        ApacheBroker.start(
                                dir.resolve("apache"), ApacheBroker.freePortPair(), APACHE);
                Broker bolide = Broker.start(bolide(dir.resolve("bolide")));
                Wire wire = new Wire()) {
            Map<String, String> reference = exercise(wire, apache.address());
            Map<String, String> ours = exercise(wire, bolide.address());
            List<String> table = new ArrayList<>();
            List<String> differences = new ArrayList<>();
            for (String step : reference.keySet()) {
                String line = step + "\n  apache: " + reference.get(step);
                if (!reference.get(step).equals(ours.get(step))) {
                    line += "\n  bolide: " + ours.get(step);
                    differences.add(step);
                }
                table.add(line);
            }
            System.out.println(String.join("\n", table));
            assertThat(differences).as(String.join("\n", table)).isEmpty();
        }
    }

    private static BrokerConfig bolide(Path store) {
        return BrokerConfig.builder()
                .storePathRootDir(store)
                .listenPort(0)
                .brokerIP1("127.0.0.1")
                .set("bindAddress", "127.0.0.1")
                .build();
    }

    /** The scenario against one broker: step → what it answered, normalized. */
    private static Map<String, String> exercise(Wire wire, String address) throws Exception {
        Map<String, String> out = new LinkedHashMap<>();
        LitePeers.createTopic(wire, address, PARENT, "LITE");
        LitePeers.createTopic(wire, address, NORMAL, "NORMAL");
        LitePeers.createGroup(wire, address, GROUP, PARENT);
        LitePeers.createGroup(wire, address, PLAIN_GROUP, null);

        out.put(
                "parent info, unknown topic",
                plain(wire.call(address, 200075, parent("None"), null)));
        out.put(
                "parent info, NORMAL topic",
                plain(wire.call(address, 200075, parent(NORMAL), null)));
        out.put(
                "subscribe l1, l2",
                plain(
                        LitePeers.ctl(
                                wire,
                                address,
                                LiteSubscriptionAction.PARTIAL_ADD,
                                CLIENT,
                                GROUP,
                                PARENT,
                                Set.of("l1", "l2"))));
        LitePeers.send(wire, address, PARENT, "l1", "a");
        LitePeers.send(wire, address, PARENT, "l1", "b");
        LitePeers.send(wire, address, PARENT, "l2", "c");
        out.put("parent info", plain(wire.call(address, 200075, parent(PARENT), null)));
        out.put("client info", plain(wire.call(address, 200077, client(PARENT, GROUP), null)));
        out.put(
                "client info, group not bound",
                plain(wire.call(address, 200077, client(PARENT, PLAIN_GROUP), null)));
        out.put("lite topic info l1", plain(wire.call(address, 200076, lite(PARENT, "l1"), null)));
        out.put(
                "lite topic info, unknown parent",
                plain(wire.call(address, 200076, lite("None", "l1"), null)));
        out.put("broker lite info", plain(wire.call(address, 200074, null, null)));
        pops(wire, address, out);
        LitePolls.exercise(wire, address, PARENT, GROUP, out, LiteCodesDifferentialTest::popAnswer);
        out.put("group info l1", plain(wire.call(address, 200078, groupInfo(GROUP, "l1"), null)));
        out.put(
                "group info, not a lite group",
                plain(wire.call(address, 200078, groupInfo(PLAIN_GROUP, "l1"), null)));
        out.put("trigger dispatch", plain(wire.call(address, 200079, trigger(GROUP), null)));
        out.put(
                "trigger dispatch, not a lite group",
                plain(wire.call(address, 200079, trigger(PLAIN_GROUP), null)));
        hostile(wire, address, out);
        quota(wire, address, out);
        return out;
    }

    /** Pops, acknowledgements and their refusals. */
    private static void pops(Wire wire, String address, Map<String, String> out) throws Exception {
        out.put(
                "pop, unknown topic",
                plain(wire.call(address, 200070, pop("None", GROUP, 32), null)));
        out.put(
                "pop, NORMAL topic",
                plain(wire.call(address, 200070, pop(NORMAL, GROUP, 32), null)));
        out.put(
                "pop, group not bound",
                plain(wire.call(address, 200070, pop(PARENT, PLAIN_GROUP, 32), null)));
        out.put(
                "pop, 33 messages",
                plain(wire.call(address, 200070, pop(PARENT, GROUP, 33), null)));
        RemotingCommand popped = wire.call(address, 200070, pop(PARENT, GROUP, 32), null);
        out.put("pop", popAnswer(popped));
        out.put(
                "pop again, lite topics in flight",
                popAnswer(wire.call(address, 200070, pop(PARENT, GROUP, 32), null)));
        List<MessageExt> messages =
                popped.getCode() == 0
                        ? MessageDecoder.decodesBatch(
                                ByteBuffer.wrap(popped.getBody()), true, false, true)
                        : List.of();
        PopLiteMessageResponseHeader header =
                popped.decodeCommandCustomHeader(PopLiteMessageResponseHeader.class);
        for (MessageExt m : messages) {
            String lite = m.getProperty("__LITE_TOPIC");
            long offset = Long.parseLong(m.getProperty("INNER_MULTI_QUEUE_OFFSET"));
            String handle =
                    ExtraInfoUtil.buildExtraInfo(
                            0,
                            header.getPopTime(),
                            header.getInvisibleTime(),
                            header.getReviveQid(),
                            m.getProperty("INNER_MULTI_DISPATCH"),
                            "broker-a",
                            0,
                            offset);
            out.put(
                    "ack " + lite + "@" + offset,
                    plain(wire.call(address, 200051, ack(PARENT, lite, offset, handle), null)));
        }
        out.put(
                "ACK_LITE_MESSAGE, served by no reference processor",
                code(wire.call(address, 200072, ack(PARENT, "l1", 0, "0 1 1 999 0 b 0 0"), null)));
        out.put(
                "ack, unknown topic",
                plain(wire.call(address, 200051, ack("None", "l1", 0, "0 1 1 999 0 b 0 0"), null)));
        out.put(
                "pop after the acks",
                popAnswer(wire.call(address, 200070, pop(PARENT, GROUP, 32), null)));
    }

    /** Bad bodies and headers: a clear code each, and the broker keeps answering. */
    private static void hostile(Wire wire, String address, Map<String, String> out)
            throws Exception {
        out.put("ctl without body", plain(wire.call(address, 200071, null, null)));
        out.put(
                "ctl with an empty set",
                plain(wire.call(address, 200071, null, "{\"subscriptionSet\":[]}".getBytes())));
        out.put(
                "ctl with a body that is no JSON",
                code(
                        wire.call(
                                address,
                                200071,
                                null,
                                "{not json".getBytes(StandardCharsets.UTF_8))));
        out.put("pop without a header", code(wire.call(address, 200070, null, null)));
        out.put("still serving", plain(wire.call(address, 200075, parent(PARENT), null)));
    }

    /**
     * 100000 lite subscriptions (50 clients of 2000 each, the most a client may have on Bolide):
     * one more is refused LITE_SUBSCRIPTION_QUOTA_EXCEEDED on both.
     */
    private static void quota(Wire wire, String address, Map<String, String> out) throws Exception {
        LitePeers.ctl(
                wire,
                address,
                LiteSubscriptionAction.COMPLETE_REMOVE,
                CLIENT,
                GROUP,
                PARENT,
                Set.of());
        for (int c = 0; c < QUOTA / PER_CLIENT; c++) {
            Set<String> lites = new TreeSet<>();
            for (int i = 0; i < PER_CLIENT; i++) {
                lites.add("q" + c + "_" + i);
            }
            LitePeers.ok(
                    LitePeers.ctl(
                            wire,
                            address,
                            LiteSubscriptionAction.PARTIAL_ADD,
                            "quota-" + c,
                            GROUP,
                            PARENT,
                            lites));
        }
        RemotingCommand over =
                LitePeers.ctl(
                        wire,
                        address,
                        LiteSubscriptionAction.PARTIAL_ADD,
                        "quota-over",
                        GROUP,
                        PARENT,
                        Set.of("one-more"));
        out.put(
                "subscription past the quota",
                "code=" + over.getCode() + " remark ends " + tail(over.getRemark()));
    }

    private static String tail(String remark) {
        return remark == null ? null : remark.substring(remark.indexOf("lite subscription"));
    }

    private static String popAnswer(RemotingCommand answer) throws Exception {
        if (answer.getCode() != 0) {
            return plain(answer);
        }
        PopLiteMessageResponseHeader h =
                answer.decodeCommandCustomHeader(PopLiteMessageResponseHeader.class);
        List<String> messages = new ArrayList<>();
        for (MessageExt m :
                MessageDecoder.decodesBatch(ByteBuffer.wrap(answer.getBody()), true, false, true)) {
            messages.add(
                    m.getTopic()
                            + "/"
                            + m.getProperty("__LITE_TOPIC")
                            + " "
                            + new String(m.getBody(), StandardCharsets.UTF_8)
                            + " dispatch="
                            + m.getProperty("INNER_MULTI_DISPATCH")
                            + " offset="
                            + m.getProperty("INNER_MULTI_QUEUE_OFFSET"));
        }
        messages.sort(null);
        return "code=%d remark=%s invisible=%d reviveQid=%d orderCount=%s %s"
                .formatted(
                        answer.getCode(),
                        answer.getRemark(),
                        h.getInvisibleTime(),
                        h.getReviveQid(),
                        h.getOrderCountInfo(),
                        messages);
    }

    /** Code, remark and the body without its time fields. */
    private static String plain(RemotingCommand answer) throws Exception {
        String body = "";
        if (answer.getBody() != null && answer.getBody().length > 0) {
            JsonNode tree = JSON.readTree(answer.getBody());
            strip(tree);
            body = " body=" + sorted(tree);
        }
        return "code=" + answer.getCode() + " remark=" + answer.getRemark() + body;
    }

    private static String code(RemotingCommand answer) {
        return "code=" + answer.getCode();
    }

    private static void strip(JsonNode node) {
        if (node instanceof ObjectNode object) {
            object.remove(VOLATILE);
            object.forEach(LiteCodesDifferentialTest::strip);
        } else if (node != null && node.isArray()) {
            node.forEach(LiteCodesDifferentialTest::strip);
        }
    }

    /** JSON with object keys and array elements in one order (sets have none). */
    private static String sorted(JsonNode node) {
        if (node.isObject()) {
            List<String> fields = new ArrayList<>();
            node.properties().forEach(e -> fields.add(e.getKey() + ":" + sorted(e.getValue())));
            fields.sort(null);
            return "{" + String.join(",", fields) + "}";
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(n -> items.add(sorted(n)));
            items.sort(null);
            return "[" + String.join(",", items) + "]";
        }
        return node.toString();
    }

    private static CommandCustomHeader parent(String topic) {
        GetParentTopicInfoRequestHeader h = new GetParentTopicInfoRequestHeader();
        h.setTopic(topic);
        return h;
    }

    private static CommandCustomHeader client(String parent, String group) {
        GetLiteClientInfoRequestHeader h = new GetLiteClientInfoRequestHeader();
        h.setParentTopic(parent);
        h.setGroup(group);
        h.setClientId(CLIENT);
        h.setMaxCount(10);
        return h;
    }

    private static CommandCustomHeader lite(String parent, String lite) {
        GetLiteTopicInfoRequestHeader h = new GetLiteTopicInfoRequestHeader();
        h.setParentTopic(parent);
        h.setLiteTopic(lite);
        return h;
    }

    private static CommandCustomHeader groupInfo(String group, String lite) {
        GetLiteGroupInfoRequestHeader h = new GetLiteGroupInfoRequestHeader();
        h.setGroup(group);
        h.setLiteTopic(lite);
        h.setTopK(0);
        return h;
    }

    private static CommandCustomHeader trigger(String group) {
        TriggerLiteDispatchRequestHeader h = new TriggerLiteDispatchRequestHeader();
        h.setGroup(group);
        h.setClientId(CLIENT);
        return h;
    }

    private static CommandCustomHeader pop(String topic, String group, int max) {
        PopLiteMessageRequestHeader h = new PopLiteMessageRequestHeader();
        h.setClientId(CLIENT);
        h.setConsumerGroup(group);
        h.setTopic(topic);
        h.setMaxMsgNum(max);
        h.setInvisibleTime(60_000);
        h.setPollTime(0);
        h.setBornTime(System.currentTimeMillis());
        return h;
    }

    private static CommandCustomHeader ack(String topic, String lite, long offset, String handle) {
        AckMessageRequestHeader h = new AckMessageRequestHeader();
        h.setConsumerGroup(GROUP);
        h.setTopic(topic);
        h.setQueueId(0);
        h.setOffset(offset);
        h.setExtraInfo(handle);
        h.setLiteTopic(lite);
        return h;
    }
}
