package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.namesrv.GetRouteInfoRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Bolide broker advertising addresses per network registers with an Apache RocketMQ 5.5.0 name
 * server all the same: the extra {@code advertisedAddresses} header field is one the reference
 * ignores, and its routes name the broker's ordinary address.
 */
@ClientVersionDependent
class AdvertisedRegistrationInteropTest {
    private static final Duration WAIT = Duration.ofSeconds(60);

    @TempDir Path dir;

    @Test
    void shouldRegisterWithAnApacheNameServerWhileAdvertisingPerNetwork() throws Exception {
        int nsPort = ApacheBroker.freePortPair();
        try (ApacheBroker ns = ApacheBroker.nameServer(dir.resolve("namesrv"), nsPort);
                Wire wire = new Wire()) {
            Broker broker =
                    Broker.start(
                            BrokerConfig.builder()
                                    .brokerIP1("127.0.0.1")
                                    .listenPort(0)
                                    .storePathRootDir(dir.resolve("bolide"))
                                    .namesrvAddr(ns.address())
                                    .advertisedAddresses(
                                            "internal=127.0.0.1:1;external=203.0.113.7:30911")
                                    .build());
            try {
                Await.until(
                        WAIT,
                        () -> routeOfTBW102(wire, ns.address()).contains(broker.address()),
                        "the Apache name server to route to the Bolide broker");
                assertThat(routeOfTBW102(wire, ns.address())).doesNotContain("203.0.113.7");
            } finally {
                broker.close();
            }
        }
    }

    /** The route JSON of TBW102 (every broker serves it), or "" while there is none. */
    private static String routeOfTBW102(Wire wire, String nameServer) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        header.setTopic("TBW102");
        try {
            RemotingCommand answer =
                    wire.call(nameServer, RequestCode.GET_ROUTEINFO_BY_TOPIC, header, null);
            return answer.getCode() != 0 || answer.getBody() == null
                    ? ""
                    : new String(answer.getBody(), StandardCharsets.UTF_8);
        } catch (Exception e) {
            return "";
        }
    }
}
