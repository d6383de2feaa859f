package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.apache.rocketmq.common.lite.LiteSubscriptionAction;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.GetLiteClientInfoResponseBody;
import org.apache.rocketmq.remoting.protocol.header.GetLiteClientInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.LiteSubscriptionCtlRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exclusive lite consumption (group attribute {@code lite.sub.model=Exclusive}) side by side on an
 * Apache RocketMQ 5.5.0 broker and a Bolide broker: a lite topic a second client of the group adds
 * is dropped from the first, which is told with NOTIFY_UNSUBSCRIBE_LITE (200073) on the connection
 * its subscription came on; a shared group keeps both. The clients' lite topic sets afterwards and
 * the notifications (header fields) are compared.
 */
class LiteExclusiveDifferentialTest {
    private static final String PARENT = "ExclusiveParent";
    private static final String EXCLUSIVE = "exclusive-cg";
    private static final String SHARED = "shared-cg";
    private static final Duration WAIT = Duration.ofSeconds(30);

    @TempDir Path dir;

    @Test
    void shouldMoveALiteTopicToItsNewestClientAndTellTheOldOneAsApacheDoes() throws Exception {
        try (ApacheBroker apache =
                        ApacheBroker.start(
                                dir.resolve("apache"),
                                ApacheBroker.freePortPair(),
                                Map.of("enableLmq", "true", "enableMultiDispatch", "true"));
                Broker bolide =
                        Broker.start(
                                BrokerConfig.builder()
                                        .storePathRootDir(dir.resolve("bolide"))
                                        .listenPort(0)
                                        .brokerIP1("127.0.0.1")
                                        .set("bindAddress", "127.0.0.1")
                                        .build());
                Wire wire = new Wire()) {
            Map<String, String> reference = exercise(wire, apache.address());
            Map<String, String> ours = exercise(wire, bolide.address());
            System.out.println("apache: " + reference + "\nbolide: " + ours);
            assertThat(ours).isEqualTo(reference);
            assertThat(reference.get("exclusive: c1 told"))
                    .isEqualTo("[clientId=e1 group=exclusive-cg liteTopic=y]");
        }
    }

    private static Map<String, String> exercise(Wire wire, String address) throws Exception {
        LitePeers.createTopic(wire, address, PARENT, "LITE");
        LitePeers.createGroupWith(
                wire,
                address,
                EXCLUSIVE,
                Map.of("lite.bind.topic", PARENT, "lite.sub.model", "Exclusive"));
        LitePeers.createGroup(wire, address, SHARED, PARENT);
        Map<String, String> out = new LinkedHashMap<>();
        for (String group : List.of(EXCLUSIVE, SHARED)) {
            String prefix = group.equals(EXCLUSIVE) ? "exclusive: " : "shared: ";
            // Client ids of their own per group: the reference keys a subscription by client id.
            String c1 = group.substring(0, 1) + "1";
            String c2 = group.substring(0, 1) + "2";
            ConcurrentLinkedQueue<String> told = new ConcurrentLinkedQueue<>();
            ExecutorService executor = Executors.newSingleThreadExecutor();
            NettyRemotingClient first = new NettyRemotingClient(new NettyClientConfig());
            first.registerProcessor(RequestCode.NOTIFY_UNSUBSCRIBE_LITE, recorder(told), executor);
            first.start();
            try {
                LitePeers.ok(
                        first.invokeSync(
                                address,
                                ctl(LiteSubscriptionAction.PARTIAL_ADD, c1, group, "x", "y"),
                                20_000));
                LitePeers.ok(
                        LitePeers.ctl(
                                wire,
                                address,
                                LiteSubscriptionAction.PARTIAL_ADD,
                                c2,
                                group,
                                PARENT,
                                Set.of("y", "z")));
                if (group.equals(EXCLUSIVE)) {
                    Await.until(WAIT, () -> !told.isEmpty(), "NOTIFY_UNSUBSCRIBE_LITE to " + c1);
                }
                out.put(prefix + "c1 reads", liteTopics(wire, address, group, c1));
                out.put(prefix + "c2 reads", liteTopics(wire, address, group, c2));
                // c2's unsubscription is answered after any notice c1 was due: none more came.
                LitePeers.ok(
                        LitePeers.ctl(
                                wire,
                                address,
                                LiteSubscriptionAction.COMPLETE_REMOVE,
                                c2,
                                group,
                                PARENT,
                                Set.of()));
                out.put(prefix + "c1 told", new ArrayList<>(told).toString());
            } finally {
                first.shutdown();
                executor.shutdownNow();
            }
        }
        return out;
    }

    private static RemotingCommand ctl(
            LiteSubscriptionAction action, String client, String group, String... lites) {
        RemotingCommand request =
                RemotingCommand.createRequestCommand(
                        RequestCode.LITE_SUBSCRIPTION_CTL, new LiteSubscriptionCtlRequestHeader());
        request.setBody(LitePeers.ctlBody(action, client, group, PARENT, Set.of(lites)));
        return request;
    }

    private static NettyRequestProcessor recorder(ConcurrentLinkedQueue<String> told) {
        return new NettyRequestProcessor() {
            @Override
            public RemotingCommand processRequest(
                    io.netty.channel.ChannelHandlerContext ctx, RemotingCommand request) {
                Map<String, String> f = request.getExtFields();
                told.add(
                        "clientId="
                                + f.get("clientId")
                                + " group="
                                + f.get("consumerGroup")
                                + " liteTopic="
                                + f.get("liteTopic"));
                return null;
            }

            @Override
            public boolean rejectRequest() {
                return false;
            }
        };
    }

    /** A client's lite topics by GET_LITE_CLIENT_INFO, sorted. */
    private static String liteTopics(Wire wire, String address, String group, String client)
            throws Exception {
        GetLiteClientInfoRequestHeader h = new GetLiteClientInfoRequestHeader();
        h.setParentTopic(PARENT);
        h.setGroup(group);
        h.setClientId(client);
        h.setMaxCount(10);
        RemotingCommand answer = wire.call(address, 200077, h, null);
        if (answer.getCode() != 0 || answer.getBody() == null) {
            return "code=" + answer.getCode();
        }
        GetLiteClientInfoResponseBody body =
                RemotingSerializable.decode(answer.getBody(), GetLiteClientInfoResponseBody.class);
        Set<String> lites = body.getLiteTopicSet();
        return body.getLiteTopicCount() + " " + (lites == null ? "null" : new TreeSet<>(lites));
    }
}
