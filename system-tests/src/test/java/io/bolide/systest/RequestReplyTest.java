package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.exception.RequestTimeoutException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Request-reply (RIP-9, #38) with the official client: {@code DefaultMQProducer.request} against a
 * consumer that answers with {@code MessageUtil.createReplyMessage}; the broker pushes each reply
 * to the requesting client's connection.
 */
@SuppressWarnings("try") // a Replier is a resource only to be closed
class RequestReplyTest {
    @RegisterExtension static final BolideExtension BOLIDE = new BolideExtension(b -> {});

    @Test
    void shouldMatchEveryReplyOfManyConcurrentRequesters(EmbeddedBolide bolide) throws Exception {
        String topic = "RequestManyTopic";
        try (Replier replier = new Replier(bolide, topic, "rr-many", 1)) {
            DefaultMQProducer requester =
                    Clients.startedProducer(bolide.nameServerAddress(), "rr-many-requester");
            ExecutorService threads = Executors.newFixedThreadPool(8);
            try {
                List<Future<Integer>> done = new ArrayList<>();
                for (int t = 0; t < 8; t++) {
                    int thread = t;
                    done.add(
                            threads.submit(
                                    () -> {
                                        for (int i = 0; i < 50; i++) {
                                            String body = "req-" + thread + "-" + i;
                                            Message reply =
                                                    requester.request(
                                                            new Message(topic, bytes(body)),
                                                            10_000);
                                            assertThat(text(reply)).isEqualTo("re:" + body);
                                        }
                                        return 50;
                                    }));
                }
                int total = 0;
                for (Future<Integer> f : done) {
                    total += f.get(120, TimeUnit.SECONDS);
                }
                assertThat(total).isEqualTo(400);
            } finally {
                threads.shutdownNow();
                requester.shutdown();
            }
        }
    }

    @Test
    void shouldCarryAReplyLargerThanTheRequest(EmbeddedBolide bolide) throws Exception {
        String topic = "RequestLargeTopic";
        try (Replier replier = new Replier(bolide, topic, "rr-large", 64 * 1024)) {
            DefaultMQProducer requester =
                    Clients.startedProducer(bolide.nameServerAddress(), "rr-large-requester");
            try {
                Message reply = requester.request(new Message(topic, bytes("big")), 10_000);
                byte[] expected = new byte[64 * 1024];
                Arrays.fill(expected, (byte) 'x');
                assertThat(reply.getBody()).isEqualTo(expected);
            } finally {
                requester.shutdown();
            }
        }
    }

    @Test
    void shouldAnswerAnAsyncRequestThroughItsCallback(EmbeddedBolide bolide) throws Exception {
        String topic = "RequestAsyncTopic";
        try (Replier replier = new Replier(bolide, topic, "rr-async", 1)) {
            DefaultMQProducer requester =
                    Clients.startedProducer(bolide.nameServerAddress(), "rr-async-requester");
            try {
                CompletableFuture<Message> answered = new CompletableFuture<>();
                requester.request(
                        new Message(topic, bytes("async")),
                        new RequestCallback() {
                            @Override
                            public void onSuccess(Message message) {
                                // The client calls this once with null when the request is
                                // stored (its send callback runs the request's), then with
                                // the reply.
                                if (message != null) {
                                    answered.complete(message);
                                }
                            }

                            @Override
                            public void onException(Throwable e) {
                                answered.completeExceptionally(e);
                            }
                        },
                        10_000);
                assertThat(text(answered.get(30, TimeUnit.SECONDS))).isEqualTo("re:async");
            } finally {
                requester.shutdown();
            }
        }
    }

    @Test
    void shouldTimeOutARequestNobodyAnswers(EmbeddedBolide bolide) throws Exception {
        DefaultMQProducer requester =
                Clients.startedProducer(bolide.nameServerAddress(), "rr-timeout-requester");
        try {
            assertThatThrownBy(
                            () ->
                                    requester.request(
                                            new Message("RequestNobodyTopic", bytes("?")), 1500))
                    .isInstanceOf(RequestTimeoutException.class);
        } finally {
            requester.shutdown();
        }
    }

    @Test
    void shouldTellTheReplierWhenTheRequesterIsGone(EmbeddedBolide bolide) throws Exception {
        String topic = "RequestGoneTopic";
        DefaultMQProducer requester =
                Clients.startedProducer(bolide.nameServerAddress(), "rr-gone-requester");
        CompletableFuture<MessageExt> request = new CompletableFuture<>();
        DefaultMQPushConsumer consumer =
                Clients.pushConsumer(bolide.nameServerAddress(), "rr-gone-replier");
        consumer.subscribe(topic, "*");
        consumer.registerMessageListener(
                (MessageListenerConcurrently)
                        (messages, context) -> {
                            request.complete(messages.get(0));
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        consumer.start();
        DefaultMQProducer replyProducer =
                Clients.startedProducer(bolide.nameServerAddress(), "rr-gone-reply-producer");
        try {
            requester.request(new Message(topic, bytes("gone")), 1000);
        } catch (RequestTimeoutException expected) {
            // The replier answers only after the requester has left.
        }
        try {
            MessageExt received = request.get(30, TimeUnit.SECONDS);
            requester.shutdown();
            Message reply = MessageUtil.createReplyMessage(received, bytes("late"));
            // The client retries, then reports the broker's answer as the cause.
            assertThatThrownBy(() -> replyProducer.send(reply))
                    .rootCause()
                    .hasMessageContaining("push reply message fail, channel of <")
                    .hasMessageContaining("> not found.");
        } finally {
            replyProducer.shutdown();
            consumer.shutdown();
        }
        // The broker keeps serving: a new requester gets its reply.
        try (Replier replier = new Replier(bolide, "RequestAfterGoneTopic", "rr-after", 1)) {
            DefaultMQProducer next =
                    Clients.startedProducer(bolide.nameServerAddress(), "rr-after-requester");
            try {
                Message reply =
                        next.request(new Message("RequestAfterGoneTopic", bytes("b")), 10_000);
                assertThat(text(reply)).isEqualTo("re:b");
            } finally {
                next.shutdown();
            }
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Message m) {
        return new String(m.getBody(), StandardCharsets.UTF_8);
    }

    /** A consumer of the request topic answering each request; replySize 1 echoes "re:" + body. */
    private static final class Replier implements AutoCloseable {
        private final DefaultMQPushConsumer consumer;
        private final DefaultMQProducer producer;

        Replier(EmbeddedBolide bolide, String topic, String name, int replySize) throws Exception {
            // Deployed before its consumer starts, as applications do: a consumer started on a
            // topic with no route looks for it again only after 30 s.
            createTopic(bolide, topic);
            producer =
                    Clients.startedProducer(bolide.nameServerAddress(), name + "-reply-producer");
            consumer = Clients.pushConsumer(bolide.nameServerAddress(), name + "-replier");
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(
                    (MessageListenerConcurrently)
                            (messages, context) -> {
                                for (MessageExt request : messages) {
                                    byte[] body;
                                    if (replySize > 1) {
                                        body = new byte[replySize];
                                        Arrays.fill(body, (byte) 'x');
                                    } else {
                                        body = bytes("re:" + text(request));
                                    }
                                    try {
                                        producer.send(
                                                MessageUtil.createReplyMessage(request, body));
                                    } catch (Exception e) {
                                        return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                                    }
                                }
                                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                            });
            consumer.start();
        }

        @Override
        public void close() {
            consumer.shutdown();
            producer.shutdown();
        }
    }

    private static void createTopic(EmbeddedBolide bolide, String topic) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        Clients.configure(admin, bolide.nameServerAddress());
        admin.setInstanceName("rr-admin-" + System.nanoTime());
        admin.start();
        try {
            admin.createAndUpdateTopicConfig(
                    bolide.brokerAddress(),
                    new org.apache.rocketmq.common.TopicConfig(topic, 4, 4));
        } finally {
            admin.shutdown();
        }
    }
}
