package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.client.consumer.DefaultLitePullConsumer;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.LocalTransactionState;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.client.producer.TransactionListener;
import org.apache.rocketmq.client.producer.TransactionMQProducer;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.RPCHook;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * ACL 2.0 end to end: the official 5.4.0 clients signing with {@code AclClientRPCHook} against a
 * broker with authentication and authorization on, and the official 5.5.0 {@code mqadmin} managing
 * users and ACLs. Right credentials work for every kind of client; each wrong one is refused with
 * the reference's code (16) and remark, and leaves nothing behind.
 */
@ClientVersionDependent
class AclTest {
    private static final String ROOT_SECRET = "root-secret-1";
    private static final String OK_TOPIC = "acl-ok";
    private static final String OK_GROUP = "acl-ok-group";

    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(
                    b ->
                            b.set("authenticationEnabled", "true")
                                    .set("authorizationEnabled", "true")
                                    .set(
                                            "initAuthenticationUser",
                                            "{\"username\":\"root\",\"password\":\""
                                                    + ROOT_SECRET
                                                    + "\"}"));

    private static DefaultMQAdminExt root;
    private static String broker;
    private static String nameServer;

    private static RPCHook hook(String user, String secret) {
        return new AclClientRPCHook(new SessionCredentials(user, secret));
    }

    private static DefaultMQAdminExt admin(String user, String secret) throws Exception {
        DefaultMQAdminExt admin = new DefaultMQAdminExt(hook(user, secret), 5000);
        Clients.configure(admin, nameServer);
        admin.start();
        return admin;
    }

    @BeforeAll
    static void users(EmbeddedBolide bolide) throws Exception {
        broker = bolide.brokerAddress();
        nameServer = bolide.nameServerAddress();
        root = admin("root", ROOT_SECRET);
        root.createUser(broker, "alice", "alice-secret", "Normal");
        root.createUser(broker, "bob", "bob-secret", "Normal");
        root.updateUser(broker, "bob", null, null, "disable");
        root.createUser(broker, "carol", "carol-secret", "Normal");
        root.createAcl(
                broker,
                "User:alice",
                List.of("Topic:" + OK_TOPIC, "Group:" + OK_GROUP),
                List.of("Pub", "Sub", "Get"),
                List.of(),
                "Allow");
        root.createAcl(
                broker,
                "User:carol",
                List.of("Topic:" + OK_TOPIC),
                List.of("Pub"),
                List.of("10.255.255.1"),
                "Allow");
        for (String topic : List.of(OK_TOPIC, "acl-other")) {
            root.createAndUpdateTopicConfig(broker, new TopicConfig(topic, 4, 4));
        }
    }

    @AfterAll
    static void stop() {
        root.shutdown();
    }

    private static DefaultMQProducer producer(String user, String secret) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("acl-pg-" + user, hook(user, secret));
        Clients.configure(producer, nameServer);
        producer.setSendMsgTimeout(15_000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        return producer;
    }

    private static Message message(String topic, String text) {
        return new Message(topic, "t", text.getBytes(StandardCharsets.UTF_8));
    }

    private static long stored(String topic) throws Exception {
        TopicStatsTable stats = root.examineTopicStats(topic);
        return stats.getOffsetTable().values().stream().mapToLong(o -> o.getMaxOffset()).sum();
    }

    @Test
    void shouldServeSendPushPullTransactionsAndAdminWithTheRightCredentials() throws Exception {
        DefaultMQProducer producer = producer("alice", "alice-secret");
        List<String> received = new java.util.concurrent.CopyOnWriteArrayList<>();
        DefaultMQPushConsumer push =
                new DefaultMQPushConsumer(
                        OK_GROUP,
                        hook("alice", "alice-secret"),
                        new AllocateMessageQueueAveragely());
        DefaultLitePullConsumer pull =
                new DefaultLitePullConsumer(OK_GROUP + "-x", hook("root", ROOT_SECRET));
        TransactionMQProducer tx =
                new TransactionMQProducer("acl-tx", hook("alice", "alice-secret"));
        DefaultMQAdminExt alice = admin("alice", "alice-secret");
        try {
            assertThat(producer.send(message(OK_TOPIC, "one")).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            Clients.configure(push, nameServer);
            push.setConsumeFromWhere(
                    org.apache.rocketmq.common.consumer.ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
            push.subscribe(OK_TOPIC, "*");
            push.registerMessageListener(
                    (MessageListenerConcurrently)
                            (msgs, context) -> {
                                for (MessageExt m : msgs) {
                                    received.add(new String(m.getBody(), StandardCharsets.UTF_8));
                                }
                                return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                            });
            push.start();
            Clients.configure(tx, nameServer);
            tx.setTransactionListener(commitAll());
            tx.start();
            assertThat(tx.sendMessageInTransaction(message(OK_TOPIC, "tx"), null).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            Clients.await(
                    "push consumer got both", () -> received.containsAll(List.of("one", "tx")));
            Clients.configure(pull, nameServer);
            pull.setAutoCommit(false);
            pull.start();
            Clients.await("lite pull sees the topic", () -> fetchable(pull));
            MessageQueue queue = pull.fetchMessageQueues(OK_TOPIC).iterator().next();
            pull.assign(List.of(queue));
            pull.seekToBegin(queue);
            assertThat(alice.examineTopicStats(OK_TOPIC).getOffsetTable()).isNotEmpty();
        } finally {
            alice.shutdown();
            tx.shutdown();
            pull.shutdown();
            push.shutdown();
            producer.shutdown();
        }
    }

    private static boolean fetchable(DefaultLitePullConsumer pull) {
        try {
            return !pull.fetchMessageQueues(OK_TOPIC).isEmpty();
        } catch (Exception e) {
            return false;
        }
    }

    private static TransactionListener commitAll() {
        return new TransactionListener() {
            @Override
            public LocalTransactionState executeLocalTransaction(Message msg, Object arg) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }

            @Override
            public LocalTransactionState checkLocalTransaction(MessageExt msg) {
                return LocalTransactionState.COMMIT_MESSAGE;
            }
        };
    }

    @Test
    void shouldRefuseWrongCredentialsAndStoreNothing() throws Exception {
        long before = stored(OK_TOPIC);
        assertRefused("alice", "wrong-secret", OK_TOPIC, "check signature failed.");
        assertRefused("mallory", "x", OK_TOPIC, "User:mallory is not found.");
        assertRefused("bob", "bob-secret", OK_TOPIC, "User:bob is disabled.");
        assertRefused(
                "carol",
                "carol-secret",
                OK_TOPIC,
                "User:carol has no permission to access Topic:"
                        + OK_TOPIC
                        + " from 127.0.0.1,"
                        + " no matched policies.");
        assertRefused(
                "alice",
                "alice-secret",
                "acl-other",
                "User:alice has no permission to access Topic:acl-other from 127.0.0.1,"
                        + " no matched policies.");
        assertThat(stored(OK_TOPIC)).as("messages stored on " + OK_TOPIC).isEqualTo(before);
        assertThat(stored("acl-other")).isZero();
    }

    @Test
    void shouldCreateNoTopicForAUserWithoutTheRight() throws Exception {
        assertRefused(
                "alice",
                "alice-secret",
                "acl-never-created",
                "User:alice has no permission to access Topic:acl-never-created from 127.0.0.1,"
                        + " no matched policies.");
        assertThatThrownBy(() -> root.examineTopicRouteInfo("acl-never-created"))
                .hasMessageContaining("No topic route info");
    }

    @Test
    void shouldRefuseAGroupTheUserMayNotUseAndMoveNoOffset() throws Exception {
        DefaultLitePullConsumer pull =
                new DefaultLitePullConsumer("acl-denied-group", hook("alice", "alice-secret"));
        Clients.configure(pull, nameServer);
        pull.setAutoCommit(false);
        pull.start();
        @SuppressWarnings("deprecation")
        var direct =
                new org.apache.rocketmq.client.consumer.DefaultMQPullConsumer(
                        "acl-denied-group", hook("alice", "alice-secret"));
        Clients.configure(direct, nameServer);
        direct.start();
        try {
            MessageQueue queue = new MessageQueue(OK_TOPIC, "broker-a", 0);
            assertThatThrownBy(() -> pull.committed(queue)).isInstanceOf(Exception.class);
            assertThatThrownBy(() -> direct.pull(queue, "*", 0, 32))
                    .satisfies(
                            e ->
                                    assertThat(refusal(e).getErrorMessage())
                                            .startsWith(
                                                    "User:alice has no permission to access"
                                                            + " Group:acl-denied-group"));
            pull.assign(List.of(queue));
            assertThat(pull.poll(1000)).isEmpty();
        } finally {
            direct.shutdown();
            pull.shutdown();
        }
        assertThatThrownBy(() -> root.examineConsumeStats("acl-denied-group"))
                .isInstanceOf(Exception.class);
    }

    /** The broker's NO_PERMISSION answer somewhere in {@code e}'s causes. */
    private static MQBrokerException refusal(Throwable e) {
        Throwable cause = e;
        while (cause != null && !(cause instanceof MQBrokerException)) {
            cause = cause.getCause();
        }
        assertThat(cause).as("a broker refusal in " + e).isNotNull();
        MQBrokerException refusal = (MQBrokerException) cause;
        assertThat(refusal.getResponseCode()).isEqualTo(16);
        return refusal;
    }

    private static void assertRefused(String user, String secret, String topic, String remark)
            throws Exception {
        DefaultMQProducer producer = producer(user, secret);
        try {
            assertThatThrownBy(() -> producer.send(message(topic, "x")))
                    .satisfies(e -> assertThat(refusal(e).getErrorMessage()).isEqualTo(remark));
        } finally {
            producer.shutdown();
        }
    }

    @Test
    void shouldManageUsersAndAclsWithTheOfficialMqadmin(EmbeddedBolide bolide) throws Exception {
        String out =
                mqadmin(
                        List.of(
                                "createUser -b " + broker + " -u dave -p dave-secret -t Normal",
                                "updateUser -b " + broker + " -u dave -p dave-secret-2",
                                "updateUser -b " + broker + " -u dave -s disable",
                                "getUser -b " + broker + " -u dave",
                                "listUser -b " + broker,
                                "createAcl -b "
                                        + broker
                                        + " -s User:dave -r Topic:dave-t,Group:dave-g"
                                        + " -a Pub,Sub -d Allow",
                                "updateAcl -b "
                                        + broker
                                        + " -s User:dave -r Topic:dave-x -a Pub"
                                        + " -d Deny -i 192.168.0.0/16",
                                "getAcl -b " + broker + " -s User:dave",
                                "deleteAcl -b " + broker + " -s User:dave -r Topic:dave-x",
                                "listAcl -b " + broker + " -s User:dave",
                                "deleteUser -b " + broker + " -u dave",
                                "listUser -b " + broker));
        List<String> parts = List.of(out.split(MqadminSession.MARK));
        assertThat(part(parts, "createUser")).contains("create user to " + broker + " success.");
        assertThat(part(parts, "updateUser")).contains("update user to " + broker + " success.");
        assertThat(part(parts, "getUser"))
                .containsPattern("dave\\s+dave-secret-2\\s+Normal\\s+disable");
        assertThat(part(parts, "listUser -b")).contains("dave", "alice", "root");
        assertThat(part(parts, "createAcl")).contains("create acl to " + broker + " success.");
        assertThat(part(parts, "updateAcl")).contains("update acl to " + broker + " success.");
        assertThat(part(parts, "getAcl"))
                .contains("Topic:dave-t", "Group:dave-g", "Topic:dave-x", "192.168.0.0/16", "Deny");
        assertThat(part(parts, "deleteAcl")).contains("delete acl to " + broker + " success.");
        assertThat(part(parts, "listAcl")).contains("Topic:dave-t").doesNotContain("Topic:dave-x");
        assertThat(part(parts, "deleteUser")).contains("delete user to " + broker + " success.");
        assertThat(parts.get(parts.size() - 1)).contains("alice").doesNotContain("dave");
        String file =
                Files.readString(bolide.storeDirectory().resolve("config").resolve("auth.json"));
        assertThat(file).contains("\"alice\"").doesNotContain("\"dave\"");
    }

    private static String part(List<String> parts, String command) {
        return parts.stream()
                .filter(p -> p.startsWith(command))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no output of " + command + ": " + parts));
    }

    /** Runs the commands in one child JVM with the 5.5.0 tools, as root; returns its output. */
    private static String mqadmin(List<String> commands) throws Exception {
        Path home = Files.createTempDirectory("bolide-mqadmin");
        Files.createDirectories(home.resolve("conf"));
        Files.writeString(
                home.resolve("conf/tools.yml"),
                "accessKey: root\nsecretKey: " + ROOT_SECRET + "\n");
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Drocketmq.home.dir=" + home);
        command.add("-Drocketmq.client.logRoot=" + home.resolve("logs"));
        command.add("-cp");
        command.add(mqadminClassPath());
        command.add(MqadminSession.class.getName());
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        StringBuilder input = new StringBuilder();
        for (String line : commands) {
            input.append(String.join("\t", line.split(" "))).append('\n');
        }
        process.getOutputStream().write(input.toString().getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        byte[] output = process.getInputStream().readAllBytes();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).as("mqadmin finished").isTrue();
        return new String(output, StandardCharsets.UTF_8);
    }

    /** The 5.5.0 RocketMQ jars, then this test's class path without its own RocketMQ jars. */
    private static String mqadminClassPath() throws Exception {
        Path lib = Path.of(System.getProperty("bolide.mqadmin.lib", "target/mqadmin-5.5.0"));
        List<String> entries = new ArrayList<>();
        try (var jars = Files.list(lib)) {
            jars.map(Path::toString).sorted().forEach(entries::add);
        }
        String ours =
                System.getProperty(
                        "surefire.test.class.path", System.getProperty("java.class.path"));
        for (String entry : ours.split(File.pathSeparator)) {
            String name = Path.of(entry).getFileName().toString();
            boolean replaced =
                    Map.of(
                                    "rocketmq-tools",
                                    1,
                                    "rocketmq-client",
                                    1,
                                    "rocketmq-common",
                                    1,
                                    "rocketmq-remoting",
                                    1,
                                    "rocketmq-auth",
                                    1,
                                    "rocketmq-srvutil",
                                    1)
                            .keySet()
                            .stream()
                            .anyMatch(prefix -> name.startsWith(prefix + "-"));
            if (!replaced) {
                entries.add(entry);
            }
        }
        return String.join(File.pathSeparator, entries);
    }
}
