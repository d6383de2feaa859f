package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.NameServerAddress;
import io.bolide.testsupport.ClientVersionDependent;
import java.util.List;
import org.apache.rocketmq.client.ClientConfig;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Client namespaces with the official client. A namespace set with {@code setNamespace} is applied
 * by the client, which wraps every topic and group ({@code ns%name}): the broker holds the wrapped
 * names, as the reference's does, and consumers see the plain topic back. {@code setNamespaceV2}
 * sends plain names with the namespace in the {@code ns} / {@code nsd} request fields, for a
 * RocketMQ proxy to apply; the reference's broker ignores those fields, and so does Bolide's: the
 * names stay plain.
 */
@ExtendWith(BolideExtension.class)
@ClientVersionDependent
class NamespaceTest {
    @Test
    @SuppressWarnings("deprecation") // setNamespace: the client-side namespace, still served
    void shouldHoldTopicsAndGroupsUnderTheClientsNamespace(@NameServerAddress String nameServer)
            throws Exception {
        List<MessageExt> received =
                sendAndConsume(nameServer, client -> client.setNamespace("tenant1"), "Orders");

        assertThat(received).allSatisfy(m -> assertThat(m.getTopic()).isEqualTo("Orders"));
        DefaultMQAdminExt admin = admin(nameServer);
        try {
            assertThat(admin.fetchAllTopicList().getTopicList())
                    .contains("tenant1%Orders", "%RETRY%tenant1%group-Orders")
                    .doesNotContain("Orders");
            assertThat(admin.examineConsumeStats("tenant1%group-Orders").getOffsetTable())
                    .isNotEmpty()
                    .allSatisfy(
                            (queue, offsets) ->
                                    assertThat(queue.getTopic())
                                            .isIn("tenant1%Orders", "%RETRY%tenant1%group-Orders"));
        } finally {
            admin.shutdown();
        }
    }

    @Test
    void shouldServeNamespaceV2ClientsUnderPlainNamesAsTheReferenceBroker(
            @NameServerAddress String nameServer) throws Exception {
        List<MessageExt> received =
                sendAndConsume(nameServer, client -> client.setNamespaceV2("tenant2"), "Invoices");

        assertThat(received).allSatisfy(m -> assertThat(m.getTopic()).isEqualTo("Invoices"));
        DefaultMQAdminExt admin = admin(nameServer);
        try {
            assertThat(admin.fetchAllTopicList().getTopicList())
                    .contains("Invoices")
                    .doesNotContain("tenant2%Invoices");
        } finally {
            admin.shutdown();
        }
    }

    private static DefaultMQAdminExt admin(String nameServer) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(5000);
        Clients.configure(admin, nameServer);
        admin.start();
        return admin;
    }

    /** Sends five messages to {@code topic} and consumes them, both clients set by {@code ns}. */
    private static List<MessageExt> sendAndConsume(
            String nameServer, java.util.function.Consumer<ClientConfig> ns, String topic)
            throws Exception {
        List<String> seqs = Messages.seqs(topic + "-", 5);
        DefaultMQProducer producer = Clients.producer(nameServer, "producer-" + topic);
        ns.accept(producer);
        producer.start();
        try {
            for (String seq : seqs) {
                assertThat(producer.send(message(topic, "T", seq)).getSendStatus())
                        .isEqualTo(SendStatus.SEND_OK);
            }
            Inbox inbox = new Inbox();
            DefaultMQPushConsumer consumer = Clients.pushConsumer(nameServer, "group-" + topic);
            ns.accept(consumer);
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            try {
                inbox.awaitSeqs(seqs);
                return seqs.stream().map(inbox::get).toList();
            } finally {
                consumer.shutdown();
            }
        } finally {
            producer.shutdown();
        }
    }
}
