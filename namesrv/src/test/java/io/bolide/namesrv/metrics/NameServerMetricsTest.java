package io.bolide.namesrv.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.namesrv.NameServer;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.namesrv.NameServerConfigKeys;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.metrics.MetricsExporterType;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.Scrape;
import org.junit.jupiter.api.Test;

/** The name server's endpoint over HTTP: latency by request code, route gauges, JVM metrics. */
class NameServerMetricsTest {
    @Test
    void servesItsMetricsWhenAskedAndNothingOtherwise() throws Exception {
        try (NameServer quiet =
                NameServer.start(NameServerConfig.builder().listenPort(0).build())) {
            assertThat(quiet.metricsPort()).isZero();
        }
        NameServerConfig config =
                NameServerConfig.builder()
                        .listenPort(0)
                        .set(NameServerConfigKeys.METRICS.type, MetricsExporterType.PROM)
                        .set(NameServerConfigKeys.METRICS.host, "127.0.0.1")
                        .set(NameServerConfigKeys.METRICS.port, 0)
                        .build();
        try (NameServer ns = NameServer.start(config);
                RemotingClient client =
                        new RemotingClient(RemotingClientConfig.builder().build())) {
            RemotingCommand answer =
                    client.invokeSync(
                            "127.0.0.1:" + ns.port(),
                            RequestCode.GET_BROKER_CLUSTER_INFO,
                            null,
                            null,
                            5_000);
            answer.release();

            String latency =
                    "rocketmq_rpc_latency_count{protocol_type=\"remoting\",request_code=\""
                            + RequestCode.GET_BROKER_CLUSTER_INFO
                            + "\",response_code=\"0\"} 1\n";
            // The answer is timed once written, which may be just after the client has read it.
            Await.until(
                    () -> Scrape.metrics(ns.metricsPort()).contains(latency), "the request timed");
            String text = Scrape.metrics(ns.metricsPort());

            assertThat(text)
                    .contains("bolide_namesrv_brokers{node_type=\"namesrv\"} 0.0")
                    .contains("bolide_namesrv_topics{node_type=\"namesrv\"} ")
                    .contains("jvm_memory_used_bytes{")
                    .contains("process_cpu_seconds_total ");
            if (Scrape.promtoolAvailable()) {
                assertThat(Scrape.promtoolProblems(text)).isEmpty();
            }
        }
    }
}
