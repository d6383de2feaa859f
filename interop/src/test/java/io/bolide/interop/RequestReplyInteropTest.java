package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.ClientVersionDependent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
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
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.RequestCallback;
import org.apache.rocketmq.client.utils.MessageUtil;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Request-reply (RIP-9) side by side against an Apache RocketMQ 5.5.0 name server and broker and
 * Bolide's pair, with the official client: the reply topic's config, 4 threads x 10 concurrent
 * requests each matched to its reply, a 64 KiB reply to a short request, an async request answered
 * through its callback, a request nobody answers timing out, and a reply for a requester that has
 * shut down refused with the same code and remark. Both give the same answers.
 */
@ClientVersionDependent
class RequestReplyInteropTest {
    private static final String TOPIC = "RequestInteropTopic";
    private static final int LARGE = 64 * 1024;

    @TempDir Path dir;

    @Test
    void shouldServeRequestReplyAsTheReferenceDoes() throws Exception {
        List<String> reference = Standalone.onApache(dir, RequestReplyInteropTest::scenario);
        List<String> ours = Standalone.onBolide(RequestReplyInteropTest::scenario);
        assertThat(ours).isEqualTo(reference);
        assertThat(ours)
                .contains(
                        "concurrent replies matched: 40",
                        "async reply: re:async",
                        "large reply: " + LARGE,
                        "nobody answers: RequestTimeoutException");
        assertThat(ours)
                .anySatisfy(
                        line ->
                                assertThat(line)
                                        .startsWith("gone requester: ")
                                        .contains("push reply message fail"));
    }

    private static List<String> scenario(String ns, String broker) throws Exception {
        List<String> seen = new ArrayList<>();
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(ns);
        admin.setInstanceName("rr-admin-" + broker);
        admin.start();
        DefaultMQProducer replies = producer(ns, "rr-reply-producer", broker);
        DefaultMQProducer requester = producer(ns, "rr-requester", broker);
        DefaultMQPushConsumer replier = new DefaultMQPushConsumer("rr-replier");
        CompletableFuture<MessageExt> unanswered = new CompletableFuture<>();
        try {
            TopicConfig replyTopic = admin.examineTopicConfig(broker, "DefaultCluster_REPLY_TOPIC");
            seen.add(
                    "reply topic: "
                            + replyTopic.getReadQueueNums()
                            + "/"
                            + replyTopic.getWriteQueueNums()
                            + " perm "
                            + replyTopic.getPerm());
            admin.createAndUpdateTopicConfig(broker, new TopicConfig(TOPIC, 1, 1, 6));
            startReplier(replier, ns, broker, replies, unanswered);
            Message first = requester.request(message("warm-up"), 30_000);
            seen.add("first reply: " + text(first) + " on " + first.getTopic());
            seen.add("concurrent replies matched: " + concurrent(requester));
            seen.add(
                    "large reply: " + requester.request(message("large"), 10_000).getBody().length);
            seen.add("async reply: " + async(requester));
            seen.add("nobody answers: " + timeout(requester));
            seen.add("gone requester: " + gone(ns, broker, replies, unanswered));
        } finally {
            replier.shutdown();
            requester.shutdown();
            replies.shutdown();
            admin.shutdown();
        }
        return seen;
    }

    private static int concurrent(DefaultMQProducer requester) throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        try {
            List<Future<Integer>> done = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int thread = t;
                done.add(
                        threads.submit(
                                () -> {
                                    int matched = 0;
                                    for (int i = 0; i < 10; i++) {
                                        String body = "req-" + thread + "-" + i;
                                        Message reply = requester.request(message(body), 10_000);
                                        matched += text(reply).equals("re:" + body) ? 1 : 0;
                                    }
                                    return matched;
                                }));
            }
            int total = 0;
            for (Future<Integer> f : done) {
                total += f.get(120, TimeUnit.SECONDS);
            }
            return total;
        } finally {
            threads.shutdownNow();
        }
    }

    private static String async(DefaultMQProducer requester) throws Exception {
        CompletableFuture<Message> answered = new CompletableFuture<>();
        requester.request(
                message("async"),
                new RequestCallback() {
                    @Override
                    public void onSuccess(Message reply) {
                        if (reply != null) { // called once with null when the request is stored
                            answered.complete(reply);
                        }
                    }

                    @Override
                    public void onException(Throwable e) {
                        answered.completeExceptionally(e);
                    }
                },
                10_000);
        return text(answered.get(30, TimeUnit.SECONDS));
    }

    private static String timeout(DefaultMQProducer requester) {
        try {
            requester.request(new Message(TOPIC, "TagNobody", bytes("?")), 1500);
            return "answered";
        } catch (Exception e) {
            return e.getClass().getSimpleName();
        }
    }

    /**
     * A requester that left before its reply: the replier's send of the reply is refused. The
     * replier answers it from a copy of the request it received, as an application would.
     */
    private static String gone(
            String ns,
            String broker,
            DefaultMQProducer replies,
            CompletableFuture<MessageExt> unanswered)
            throws Exception {
        DefaultMQProducer leaving = producer(ns, "rr-leaving", broker);
        Message request = message("gone");
        request.setTags("TagGone"); // the replier leaves these unanswered
        try {
            leaving.request(request, 1000);
        } catch (Exception expected) {
            // nobody answers in time
        }
        MessageExt received = unanswered.get(30, TimeUnit.SECONDS);
        leaving.shutdown();
        try {
            replies.send(MessageUtil.createReplyMessage(received, bytes("late")));
            return "sent";
        } catch (Exception e) {
            Throwable root = e;
            while (root.getCause() != null) {
                root = root.getCause();
            }
            return root.getMessage()
                    .replaceAll("channel of \\S+ not found", "channel of <client> not found")
                    .replaceAll("BROKER: \\S+", "BROKER: <addr>")
                    .replaceAll("\\s*For more information.*", "");
        }
    }

    private static void startReplier(
            DefaultMQPushConsumer replier,
            String ns,
            String broker,
            DefaultMQProducer replies,
            CompletableFuture<MessageExt> unanswered)
            throws Exception {
        replier.setNamesrvAddr(ns);
        replier.setInstanceName("rr-replier-" + broker);
        replier.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        replier.subscribe(TOPIC, "*");
        replier.registerMessageListener(
                (MessageListenerConcurrently)
                        (messages, context) -> {
                            for (MessageExt request : messages) {
                                if (reply(request, replies, unanswered)) {
                                    continue;
                                }
                                return ConsumeConcurrentlyStatus.RECONSUME_LATER;
                            }
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        replier.start();
    }

    /** Answers one request (or keeps it unanswered); false when the reply could not be sent. */
    private static boolean reply(
            MessageExt request,
            DefaultMQProducer replies,
            CompletableFuture<MessageExt> unanswered) {
        if ("TagNobody".equals(request.getTags())) {
            return true;
        }
        if ("TagGone".equals(request.getTags())) {
            unanswered.complete(request);
            return true;
        }
        byte[] body;
        if (text(request).equals("large")) {
            body = new byte[LARGE];
            Arrays.fill(body, (byte) 'x');
        } else {
            body = bytes("re:" + text(request));
        }
        try {
            replies.send(MessageUtil.createReplyMessage(request, body));
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private static DefaultMQProducer producer(String ns, String group, String broker)
            throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer(group);
        producer.setNamesrvAddr(ns);
        producer.setInstanceName(group + "-" + broker);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        return producer;
    }

    private static Message message(String body) {
        return new Message(TOPIC, "TagA", bytes(body));
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private static String text(Message m) {
        return new String(m.getBody(), StandardCharsets.UTF_8);
    }
}
