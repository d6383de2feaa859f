package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.rocketmq.common.lite.LiteSubscriptionAction;
import org.apache.rocketmq.common.lite.LiteSubscriptionDTO;
import org.apache.rocketmq.common.lite.OffsetOption;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.LiteSubscriptionCtlRequestBody;
import org.apache.rocketmq.remoting.protocol.header.LiteSubscriptionCtlRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PopLiteMessageRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where a lite subscription starts to read, side by side on an Apache RocketMQ 5.5.0 broker and a
 * Bolide broker: the {@code OffsetOption} of a PARTIAL_ADD (offset, policy MIN / LAST / MAX, tail
 * N, timestamp) and the group attribute {@code lite.sub.reset.offset.unsubscribe}, each on a group
 * of its own over the same five stored messages; what the next POP_LITE_MESSAGE hands out is
 * compared. Both brokers run with {@code popPollingSize=0}: a second pop held for one client is
 * answered POLLING_FULL (209).
 */
class LiteOffsetDifferentialTest {
    private static final String PARENT = "OffsetParent";
    private static final String LITE = "o";
    private static final long POLL_MS = 3_000;

    @TempDir Path dir;

    @Test
    void shouldStartEachLiteSubscriptionWhereApacheStartsIt() throws Exception {
        try (ApacheBroker apache =
                        ApacheBroker.start(
                                dir.resolve("apache"),
                                ApacheBroker.freePortPair(),
                                Map.of(
                                        "enableLmq",
                                        "true",
                                        "enableMultiDispatch",
                                        "true",
                                        "popPollingSize",
                                        "0"));
                Broker bolide =
                        Broker.start(
                                BrokerConfig.builder()
                                        .storePathRootDir(dir.resolve("bolide"))
                                        .listenPort(0)
                                        .brokerIP1("127.0.0.1")
                                        .set("bindAddress", "127.0.0.1")
                                        .set("popPollingSize", "0")
                                        .build());
                Wire wire = new Wire()) {
            Map<String, String> reference = exercise(wire, apache.address());
            Map<String, String> ours = exercise(wire, bolide.address());
            System.out.println("apache: " + reference + "\nbolide: " + ours);
            assertThat(ours).isEqualTo(reference);
            assertThat(reference.get("offset 3")).isEqualTo("m3 m4");
        }
    }

    private static Map<String, String> exercise(Wire wire, String address) throws Exception {
        LitePeers.createTopic(wire, address, PARENT, "LITE");
        for (int i = 0; i < 5; i++) {
            LitePeers.send(wire, address, PARENT, LITE, "m" + i);
        }
        Map<String, String> out = new LinkedHashMap<>();
        out.put("no option", start(wire, address, "none", null));
        out.put("offset 3", start(wire, address, "offset", option(OffsetOption.Type.OFFSET, 3)));
        out.put("policy MIN", start(wire, address, "min", option(OffsetOption.Type.POLICY, 1)));
        out.put("policy LAST", start(wire, address, "last", option(OffsetOption.Type.POLICY, 0)));
        out.put(
                "tail 2, nothing committed",
                start(wire, address, "tail", option(OffsetOption.Type.TAIL_N, 2)));
        out.put(
                "timestamp",
                start(
                        wire,
                        address,
                        "time",
                        option(OffsetOption.Type.TIMESTAMP, System.currentTimeMillis())));
        out.put("policy MAX", start(wire, address, "max", option(OffsetOption.Type.POLICY, 2)));
        out.put("resubscribed, reset on unsubscribe", resubscribe(wire, address, "unsub", true));
        out.put("resubscribed, no reset", resubscribe(wire, address, "keep", false));
        out.put("a second pop held for one client", secondHeld(wire, address, "offset-max"));
        return out;
    }

    /**
     * With {@code popPollingSize=0} a client of a group may have one pop held: a second one while
     * the first waits is answered POLLING_FULL (209) at once.
     */
    private static String secondHeld(Wire wire, String address, String group) throws Exception {
        CompletableFuture<String> first =
                CompletableFuture.supplyAsync(
                        () -> {
                            try {
                                return pop(wire, address, group);
                            } catch (Exception e) {
                                throw new CompletionException(e);
                            }
                        });
        // Still waiting after half a second: the first pop is held.
        assertThatThrownBy(() -> first.get(500, TimeUnit.MILLISECONDS))
                .isInstanceOf(TimeoutException.class);
        String second = pop(wire, address, group);
        return second + ", the first " + first.get(POLL_MS + 10_000, TimeUnit.MILLISECONDS);
    }

    /** A fresh group whose one client adds the lite topic with {@code option}, then pops. */
    private static String start(Wire wire, String address, String name, OffsetOption option)
            throws Exception {
        String group = "offset-" + name;
        LitePeers.createGroup(wire, address, group, PARENT);
        LitePeers.ok(ctl(wire, address, LiteSubscriptionAction.PARTIAL_ADD, group, option));
        return pop(wire, address, group);
    }

    /**
     * A client pops everything (nothing acknowledged), removes the lite topic with PARTIAL_REMOVE,
     * adds it again and pops.
     */
    private static String resubscribe(Wire wire, String address, String name, boolean reset)
            throws Exception {
        String group = "offset-" + name;
        LitePeers.createGroupWith(
                wire,
                address,
                group,
                Map.of(
                        "lite.bind.topic",
                        PARENT,
                        "lite.sub.reset.offset.unsubscribe",
                        Boolean.toString(reset)));
        LitePeers.ok(ctl(wire, address, LiteSubscriptionAction.PARTIAL_ADD, group, null));
        String first = pop(wire, address, group);
        LitePeers.ok(ctl(wire, address, LiteSubscriptionAction.PARTIAL_REMOVE, group, null));
        LitePeers.ok(ctl(wire, address, LiteSubscriptionAction.PARTIAL_ADD, group, null));
        return first + " | then " + pop(wire, address, group);
    }

    private static OffsetOption option(OffsetOption.Type type, long value) {
        return new OffsetOption(type, value);
    }

    private static RemotingCommand ctl(
            Wire wire,
            String address,
            LiteSubscriptionAction action,
            String group,
            OffsetOption option)
            throws Exception {
        LiteSubscriptionDTO change = new LiteSubscriptionDTO();
        change.setAction(action);
        change.setClientId(group + "-client");
        change.setGroup(group);
        change.setTopic(PARENT);
        change.setLiteTopicSet(Set.of(LITE));
        change.setOffsetOption(option);
        LiteSubscriptionCtlRequestBody body = new LiteSubscriptionCtlRequestBody();
        body.setSubscriptionSet(Set.of(change));
        return wire.call(
                address,
                RequestCode.LITE_SUBSCRIPTION_CTL,
                new LiteSubscriptionCtlRequestHeader(),
                body.encode());
    }

    /** One long-polled pop: the bodies handed out in order, or the code when there are none. */
    private static String pop(Wire wire, String address, String group) throws Exception {
        PopLiteMessageRequestHeader h = new PopLiteMessageRequestHeader();
        h.setClientId(group + "-client");
        h.setConsumerGroup(group);
        h.setTopic(PARENT);
        h.setMaxMsgNum(32);
        h.setInvisibleTime(60_000);
        h.setPollTime(POLL_MS);
        h.setBornTime(System.currentTimeMillis());
        RemotingCommand answer = wire.call(address, RequestCode.POP_LITE_MESSAGE, h, null);
        if (answer.getCode() != 0) {
            return "code " + answer.getCode();
        }
        List<String> bodies = new ArrayList<>();
        for (MessageExt m :
                MessageDecoder.decodesBatch(ByteBuffer.wrap(answer.getBody()), true, false, true)) {
            bodies.add(new String(m.getBody(), StandardCharsets.UTF_8));
        }
        return String.join(" ", bodies);
    }
}
