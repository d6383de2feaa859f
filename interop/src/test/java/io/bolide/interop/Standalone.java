package io.bolide.interop;

import io.bolide.embedded.EmbeddedBolide;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Runs a scenario against one standalone deployment: an Apache RocketMQ 5.5.0 name server and
 * broker (the oracle), or Bolide's embedded pair; each is started for the scenario and stopped
 * after it, so a differential test runs the same scenario on both and compares what it returned.
 */
final class Standalone {
    /** What a test does against a name server and a broker, by address. */
    @FunctionalInterface
    interface Scenario<T> {
        T run(String nameServer, String broker) throws Exception;
    }

    private Standalone() {}

    /** {@code scenario} against an Apache 5.5.0 name server and broker under {@code dir}. */
    static <T> T onApache(Path dir, Scenario<T> scenario) throws Exception {
        return onApache(dir, Map.of(), scenario);
    }

    /**
     * {@code scenario} against an Apache 5.5.0 name server and a broker with {@code settings} added
     * to its configuration, under {@code dir}.
     */
    static <T> T onApache(Path dir, Map<String, String> settings, Scenario<T> scenario)
            throws Exception {
        Map<String, String> brokerSettings = new HashMap<>(settings);
        int nsPort = ApacheBroker.freePortPair();
        try (ApacheBroker ns = ApacheBroker.nameServer(dir.resolve("namesrv"), nsPort);
                ApacheBroker broker =
                        ApacheBroker.start(
                                dir.resolve("apache"),
                                ApacheBroker.freePortPair(),
                                withNameServer(brokerSettings, ns.address()))) {
            return scenario.run(ns.address(), broker.address());
        }
    }

    private static Map<String, String> withNameServer(Map<String, String> settings, String ns) {
        settings.put("namesrvAddr", ns);
        return settings;
    }

    /** {@code scenario} against Bolide's embedded name server and broker. */
    static <T> T onBolide(Scenario<T> scenario) throws Exception {
        return onBolide(Map.of(), scenario);
    }

    /** {@code scenario} against Bolide's embedded pair, the broker with {@code settings}. */
    static <T> T onBolide(Map<String, String> settings, Scenario<T> scenario) throws Exception {
        try (EmbeddedBolide bolide =
                EmbeddedBolide.start(broker -> settings.forEach(broker::set))) {
            return scenario.run(bolide.nameServerAddress(), bolide.brokerAddress());
        }
    }
}
