package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.QueryResult;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official client's message lookups against Bolide: by key (QUERY_MESSAGE through the index),
 * by message id (UNIQ_KEY: QUERY_MESSAGE with _UNIQUE_KEY_QUERY) and by offsetMsgId
 * (VIEW_MESSAGE_BY_ID at the commit-log offset the id carries).
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class QueryMessageTest {
    private static final String TOPIC = "Queried";

    @Test
    @SuppressWarnings("deprecation")
    void shouldFindMessagesByKeyByMessageIdAndByOffsetId(@NameServerAddress String nameServer)
            throws Exception {
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "query-producer");
        try {
            long begin = System.currentTimeMillis() - 60_000;
            List<SendResult> sent = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                Message message =
                        new Message(
                                TOPIC,
                                "TagQ",
                                "order-" + i + " shared-key",
                                ("body " + i).getBytes(StandardCharsets.UTF_8));
                sent.add(producer.send(message));
            }
            long end = System.currentTimeMillis() + 60_000;

            QueryResult byKey = awaitQuery(producer, "order-3", 1, begin, end);
            assertThat(byKey.getMessageList())
                    .singleElement()
                    .satisfies(m -> assertThat(body(m)).isEqualTo("body 3"));
            // order-4 was acknowledged after order-3 but may be indexed a little later
            assertThat(awaitQuery(producer, "shared-key", 5, begin, end).getMessageList())
                    .extracting(QueryMessageTest::body)
                    .containsExactlyInAnyOrder("body 0", "body 1", "body 2", "body 3", "body 4");

            SendResult second = sent.get(1);
            MessageExt byUniq =
                    producer.getDefaultMQProducerImpl()
                            .queryMessageByUniqKey(TOPIC, second.getMsgId());
            assertThat(body(byUniq)).isEqualTo("body 1");
            assertThat(body(producer.viewMessage(TOPIC, second.getMsgId()))).isEqualTo("body 1");

            SendResult fourth = sent.get(4);
            MessageExt byOffsetId = producer.viewMessage(TOPIC, fourth.getOffsetMsgId());
            assertThat(body(byOffsetId)).isEqualTo("body 4");
            assertThat(byOffsetId.getTags()).isEqualTo("TagQ");
            assertThat(byOffsetId.getKeys()).isEqualTo("order-4 shared-key");
            assertThat(byOffsetId.getMsgId()).isEqualTo(fourth.getMsgId());
        } finally {
            producer.shutdown();
        }
    }

    @Test
    @SuppressWarnings("deprecation")
    void shouldReportNoMessageForAnUnknownKey(@NameServerAddress String nameServer)
            throws Exception {
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "query-miss-producer");
        try {
            producer.send(new Message(TOPIC, "TagQ", "known", new byte[] {1}));
            try {
                QueryResult result =
                        producer.queryMessage(TOPIC, "unknown-key", 10, 0, Long.MAX_VALUE);
                assertThat(result.getMessageList()).isEmpty();
            } catch (MQClientException e) {
                assertThat(e.getErrorMessage()).contains("no message");
            }
        } finally {
            producer.shutdown();
        }
    }

    /**
     * Queries until the index has {@code count} messages under the key: dispatch to the index
     * follows the send acknowledgement shortly.
     */
    @SuppressWarnings("deprecation")
    private static QueryResult awaitQuery(
            DefaultMQProducer producer, String key, int count, long begin, long end) {
        QueryResult[] found = new QueryResult[1];
        Clients.await(
                count + " messages indexed under key " + key,
                () -> {
                    try {
                        found[0] = producer.queryMessage(TOPIC, key, 32, begin, end);
                        return found[0].getMessageList().size() >= count;
                    } catch (MQClientException e) {
                        return false;
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new AssertionError(e);
                    }
                });
        return found[0];
    }

    private static String body(MessageExt message) {
        return new String(message.getBody(), StandardCharsets.UTF_8);
    }
}
