package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.embedded.NameServerAddress;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.MessageSelector;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** SQL92 property filters ({@code MessageSelector.bySql}) evaluated on the broker. */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class SqlFilterTest {
    private static final String SELECTOR = "a > 5 AND b = 'x' OR TAGS = 'TagVip'";

    @Test
    void shouldPushExactlyTheMessagesTheSqlSelectorMatches(@NameServerAddress String ns)
            throws Exception {
        String topic = "SqlPush";
        DefaultMQProducer producer = Clients.startedProducer(ns, "sql-push-producer");
        try {
            List<String> expected = sendMixed(producer, topic, "p");
            Clients.awaitRoute(producer, topic);
            Inbox inbox = new Inbox();
            DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, "sql-push-group");
            consumer.subscribe(topic, MessageSelector.bySql(SELECTOR));
            consumer.registerMessageListener(inbox);
            consumer.start();
            try {
                inbox.awaitSeqs(expected);
                // Sent after all others and matching: any wrongly passed message is in by then.
                producer.send(withProperties(topic, "TagVip", "p-end", 0, "z"));
                inbox.awaitSeq("p-end");
                expected.add("p-end");
                assertThat(inbox.deliveredSeqs()).containsExactlyInAnyOrderElementsOf(expected);
            } finally {
                consumer.shutdown();
            }
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void shouldFilterLitePullsThatCarryTheirOwnSqlExpression(@NameServerAddress String ns)
            throws Exception {
        String topic = "SqlLite";
        DefaultMQProducer producer = Clients.startedProducer(ns, "sql-lite-producer");
        DefaultLitePullConsumer consumer = Clients.litePullConsumer(ns, "sql-lite-group");
        try {
            List<String> expected = sendMixed(producer, topic, "l");
            Clients.awaitRoute(producer, topic);
            consumer.subscribe(topic, MessageSelector.bySql(SELECTOR));
            consumer.start();
            List<String> polled = new ArrayList<>();
            Clients.await(
                    "the matching messages are polled",
                    () -> {
                        for (MessageExt m : consumer.poll()) {
                            polled.add(m.getUserProperty(Inbox.SEQ));
                        }
                        return polled.containsAll(expected);
                    });
            assertThat(polled).containsExactlyInAnyOrderElementsOf(expected);
        } finally {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    @Test
    void shouldRefuseToStartAConsumerWithAnInvalidExpression(@NameServerAddress String ns)
            throws Exception {
        String topic = "SqlBad";
        DefaultMQProducer producer = Clients.startedProducer(ns, "sql-bad-producer");
        try {
            producer.send(message(topic, "TagA", "bad-0"));
            Clients.awaitRoute(producer, topic);
            DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, "sql-bad-group");
            consumer.subscribe(topic, MessageSelector.bySql("a > 5 AND"));
            consumer.registerMessageListener(new Inbox());
            try {
                assertThatThrownBy(consumer::start)
                        .isInstanceOf(MQClientException.class)
                        .hasMessageContaining("invalid SQL92 expression")
                        .hasMessageContaining("at column 10");
            } finally {
                consumer.shutdown();
            }
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void shouldRefuseSqlSubscriptionsWhenPropertyFilterIsDisabled() throws Exception {
        try (EmbeddedBolide bolide =
                EmbeddedBolide.start(b -> b.set("enablePropertyFilter", "false"))) {
            String ns = bolide.nameServerAddress();
            DefaultMQProducer producer = Clients.startedProducer(ns, "sql-off-producer");
            try {
                producer.send(message("SqlOff", "TagA", "off-0"));
                Clients.awaitRoute(producer, "SqlOff");
                DefaultMQPushConsumer consumer = Clients.pushConsumer(ns, "sql-off-group");
                consumer.subscribe("SqlOff", MessageSelector.bySql("a > 5"));
                consumer.registerMessageListener(new Inbox());
                try {
                    assertThatThrownBy(consumer::start)
                            .isInstanceOf(MQClientException.class)
                            .hasMessageContaining(
                                    "does not support consumer to filter message by SQL92");
                } finally {
                    consumer.shutdown();
                }
            } finally {
                producer.shutdown();
            }
        }
    }

    /**
     * Sends messages with a = 0..23, b cycling x/y/z, a few VIP tags; returns the matching seqs.
     */
    private static List<String> sendMixed(DefaultMQProducer producer, String topic, String prefix)
            throws Exception {
        String[] bs = {"x", "y", "z"};
        List<String> expected = new ArrayList<>();
        for (int a = 0; a < 24; a++) {
            String b = bs[a % 3];
            String tag = a % 7 == 0 ? "TagVip" : "TagA";
            String seq = prefix + "-" + a;
            producer.send(withProperties(topic, tag, seq, a, b));
            if ((a > 5 && b.equals("x")) || tag.equals("TagVip")) {
                expected.add(seq);
            }
        }
        Message noProperties = message(topic, "TagA", prefix + "-bare");
        producer.send(noProperties);
        return expected;
    }

    private static Message withProperties(String topic, String tag, String seq, int a, String b) {
        Message message = message(topic, tag, seq);
        message.putUserProperty("a", Integer.toString(a));
        message.putUserProperty("b", b);
        return message;
    }
}
