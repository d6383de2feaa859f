package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official Go client (github.com/apache/rocketmq-client-go/v2, pinned in src/test/go/go.mod)
 * against Bolide: it sends 20 messages with tags and keys (SEND_MESSAGE with long header keys, JSON
 * headers, language GO) and consumes them with a push consumer (pulls carrying their subscription).
 * The Go program is built here ({@link GoProgram}); the test is skipped only when there is no Go
 * toolchain (CI installs one).
 */
@ExtendWith(BolideExtension.class)
class GoClientTest {
    private static final int COUNT = 20;

    @Test
    void shouldProduceAndPushConsumeWithTheGoClient(@NameServerAddress String nameServer)
            throws Exception {
        GoProgram program = GoProgram.buildOrSkip();
        String topic = "GoClientTopic";
        createTopic(nameServer, topic);

        List<String> output =
                program.run(nameServer, topic, "go-push-group", Integer.toString(COUNT));

        List<String> expected = new ArrayList<>();
        for (int i = 0; i < COUNT; i++) {
            String tag = i % 2 == 0 ? "TagA" : "TagB";
            expected.add("RECEIVED key=go-key-" + i + " tag=" + tag + " body=go body " + i);
        }
        assertThat(output).containsAll(expected).contains("OK " + COUNT);
    }

    /**
     * The Java producer creates the topic (auto-creation from TBW102) with a message the Go
     * consumer's tag filter skips, so the Go side starts with a route to look up.
     */
    private static void createTopic(String nameServer, String topic) throws Exception {
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "go-topic-creator");
        try {
            producer.send(new Message(topic, "Warmup", "warmup", new byte[] {1}));
        } finally {
            producer.shutdown();
        }
    }
}
