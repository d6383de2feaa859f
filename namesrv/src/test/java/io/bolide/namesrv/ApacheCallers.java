package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.auth.config.AuthConfig;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.impl.ClientRemotingProcessor;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.common.BrokerIdentity;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.namesrv.RegisterBrokerResult;

/**
 * The official 5.4.0 broker-side and client-side name server callers, set to send their headers in
 * one serialization. A hook sets each request's serialization, rather than the process-wide
 * property the reference reads once, so both kinds run in one JVM.
 *
 * <p>Not the frame-level {@code io.bolide.testsupport.ApacheOracle}: these need the Apache broker
 * and client jars, which only the name server's tests should carry.
 */
final class ApacheCallers {
    static {
        // The reference's broker and client start-up declare their version in every request;
        // a name server reads old registration bodies and writes old route JSON for version 0.
        System.setProperty(
                RemotingCommand.REMOTING_VERSION_KEY, Integer.toString(MQVersion.CURRENT_VERSION));
    }

    /** The cluster the tests' reference brokers register in. */
    static final String CLUSTER = "DefaultCluster";

    private static final long REGISTER_TIMEOUT = 15_000;

    private ApacheCallers() {}

    /**
     * Registers broker-a of {@link #CLUSTER} through the reference and waits for the answer (first
     * calls load a lot).
     */
    static List<RegisterBrokerResult> register(
            BrokerOuterAPI broker,
            String brokerAddr,
            long brokerId,
            TopicConfigSerializeWrapper topics,
            boolean compressed) {
        List<RegisterBrokerResult> results =
                broker.registerBrokerAll(
                        CLUSTER,
                        brokerAddr,
                        "broker-a",
                        brokerId,
                        brokerAddr.replace(":109", ":119"),
                        topics,
                        List.of(),
                        false,
                        (int) REGISTER_TIMEOUT,
                        false,
                        compressed,
                        null,
                        new BrokerIdentity(CLUSTER, "broker-a", brokerId));
        assertThat(results).as("registration answered").hasSize(1);
        return results;
    }

    /** Makes sure the version property is set before the first request is created. */
    static void init() {}

    static RPCHook serializeAs(SerializeType type) {
        return new RPCHook() {
            @Override
            public void doBeforeRequest(String remoteAddr, RemotingCommand request) {
                request.setSerializeTypeCurrentRPC(type);
            }

            @Override
            public void doAfterResponse(
                    String remoteAddr, RemotingCommand request, RemotingCommand response) {}
        };
    }

    static BrokerOuterAPI broker(String nameServer, SerializeType type) {
        NettyClientConfig config = new NettyClientConfig();
        // The broker registers only with name servers its scan found reachable, and it scans
        // every connect timeout: short, so tests do not wait seconds for it.
        config.setConnectTimeoutMillis(200);
        BrokerOuterAPI broker = new BrokerOuterAPI(config, new AuthConfig());
        broker.registerRPCHook(serializeAs(type));
        broker.updateNameServerAddressList(nameServer);
        broker.start();
        return broker;
    }

    static MQClientAPIImpl client(String nameServer, SerializeType type) {
        MQClientAPIImpl client =
                new MQClientAPIImpl(
                        new NettyClientConfig(),
                        new ClientRemotingProcessor(null),
                        serializeAs(type),
                        new ClientConfig());
        client.updateNameServerAddressList(nameServer);
        client.start();
        return client;
    }

    /**
     * A table for a process's first registration: {@code config} and TBW102, since the reference
     * refuses a first registration carrying exactly one topic (it takes it for an incremental one).
     */
    static TopicConfigSerializeWrapper first(long counter, TopicConfig config) {
        return topics(counter, config, new TopicConfig("TBW102", 8, 8, 7));
    }

    static TopicConfigSerializeWrapper topics(long counter, TopicConfig... configs) {
        ConcurrentHashMap<String, TopicConfig> table = new ConcurrentHashMap<>();
        for (TopicConfig config : configs) {
            table.put(config.getTopicName(), config);
        }
        DataVersion version = new DataVersion();
        version.setTimestamp(1_700_000_000_000L);
        version.getCounter().set(counter);
        TopicConfigSerializeWrapper wrapper = new TopicConfigSerializeWrapper();
        wrapper.setTopicConfigTable(table);
        wrapper.setDataVersion(version);
        return wrapper;
    }
}
