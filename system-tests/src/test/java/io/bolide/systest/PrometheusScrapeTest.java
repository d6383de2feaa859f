package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.remoting.metrics.MetricsExporterType;
import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A real Prometheus server scrapes the broker's endpoint every second; what the official client
 * sent is read back through Prometheus's query API.
 */
class PrometheusScrapeTest {
    private static final Duration DEADLINE = Duration.ofSeconds(60);

    @Test
    void prometheusScrapesTheBrokerAndAnswersWithItsCounts() throws Exception {
        Path binary = PrometheusServer.binary();
        Assumptions.assumeTrue(binary != null, "the prometheus binary is not installed");
        String topic = "PromScrapeTopic";
        try (Cluster cluster = new Cluster(1)) {
            Broker broker =
                    cluster.broker(
                            "prom-broker",
                            "broker-prom",
                            c ->
                                    c.set(BrokerConfigKeys.METRICS.type, MetricsExporterType.PROM)
                                            .set(BrokerConfigKeys.METRICS.host, Cluster.HOST)
                                            .set(BrokerConfigKeys.METRICS.port, 0));
            Path dir = Path.of("target", "prometheus-" + ProcessHandle.current().pid());
            try (PrometheusServer prometheus =
                    PrometheusServer.start(
                            binary, dir, "bolide", Cluster.HOST + ":" + broker.metricsPort())) {
                DefaultMQProducer producer =
                        Clients.startedProducer(cluster.namesrvAddr(), "prom-producer");
                try {
                    for (int i = 0; i < 5; i++) {
                        assertThat(producer.send(message(topic, "t", "m" + i)).getSendStatus())
                                .isEqualTo(SendStatus.SEND_OK);
                    }
                } finally {
                    producer.shutdown();
                }
                String query =
                        "rocketmq_messages_in_total{job=\"bolide\",topic=\""
                                + topic
                                + "\",node_id=\"broker-prom\",cluster=\"DefaultCluster\"}";
                Await.until(
                        DEADLINE,
                        () -> "5".equals(prometheus.query(query)),
                        "Prometheus to report 5 messages in (its log: "
                                + dir.resolve("prometheus.log")
                                + ")");
                assertThat(prometheus.query("up{job=\"bolide\"}")).isEqualTo("1");
                assertThat(prometheus.query("jvm_threads_current{job=\"bolide\"}")).isNotNull();
            }
        }
    }
}
