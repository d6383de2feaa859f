package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import java.nio.file.Path;

/** Broker configurations for tests: loopback, any free port, small segments, no name server. */
public final class TestBrokers {
    private TestBrokers() {}

    static BrokerConfig.Builder config(Path dir) {
        return BrokerConfig.builder()
                .storePathRootDir(dir)
                .listenPort(0)
                .brokerIP1("127.0.0.1")
                .set("bindAddress", "127.0.0.1")
                .set("mapedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024));
    }

    static int heldPulls(Broker broker) {
        return broker.heldPulls();
    }

    /** A topic's settings as the broker holds them, or null (for tests in feature packages). */
    public static io.bolide.protocol.body.TopicConfig topicConfig(Broker broker, String topic) {
        return broker.topicConfig(topic);
    }
}
