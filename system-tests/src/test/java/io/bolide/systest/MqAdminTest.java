package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

// Runs once in CI (first pass): it drives mqadmin 5.5.0 in both passes, so the second pass would
// repeat it.
/**
 * The official {@code mqadmin} (rocketmq-tools) against Bolide, command by command, as an operator
 * types them: every command whose feature Bolide has, each checked by what it prints or changes. A
 * producer has sent three messages to a two-queue topic created with {@code updateTopic}, and a
 * push consumer has consumed and committed them. The list of all commands with their status is in
 * docs/operations.md. Runs in the JSON-header execution only: the tool's commands are the same in
 * both, and each costs the tool's client start-up (about a second).
 */
@ExtendWith(BolideExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class MqAdminTest {
    private static final String CLUSTER = "DefaultCluster";
    private static final String TOPIC = "MqaTopic";
    private static final String PRODUCERS = "mqa-pg";
    private static final String GROUP = "mqa-cg";
    private static final AtomicInteger CONSUMED = new AtomicInteger();

    private static MqAdmin mqadmin;
    private static DefaultMQAdminExt admin;
    private static DefaultMQProducer producer;
    private static DefaultMQPushConsumer consumer;
    private static SendResult first;
    private static String created;
    private static String address;
    private static String brokerName;

    @BeforeAll
    static void start(EmbeddedBolide bolide) throws Exception {
        String nameServer = bolide.nameServerAddress();
        mqadmin = new MqAdmin(nameServer);
        address = bolide.brokerAddress();
        brokerName = bolide.broker().config().brokerName();
        created = mqadmin.run("updateTopic", "-c", CLUSTER, "-t", TOPIC, "-r", "2", "-w", "2");
        admin = new DefaultMQAdminExt(5000);
        admin.setNamesrvAddr(nameServer);
        admin.setInstanceName("mqadmin-check-" + ProcessHandle.current().pid());
        admin.setVipChannelEnabled(false);
        admin.start();
        producer = Clients.startedProducer(nameServer, PRODUCERS);
        Clients.awaitRoute(producer, TOPIC);
        // Messages 1 and 3 in queue 0, message 2 in queue 1: what the checks below expect.
        first = producer.send(Messages.message(TOPIC, "TagA", "1"), queue(0));
        producer.send(Messages.message(TOPIC, "TagA", "2"), queue(1));
        producer.send(Messages.message(TOPIC, "TagA", "3"), queue(0));
        consumer = Clients.pushConsumer(nameServer, GROUP);
        consumer.subscribe(TOPIC, "*");
        consumer.registerMessageListener(
                (MessageListenerConcurrently)
                        (messages, context) -> {
                            CONSUMED.addAndGet(messages.size());
                            return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
                        });
        consumer.start();
        Clients.await("three messages consumed", () -> CONSUMED.get() >= 3);
        // Both queues' rows, not "Diff Total: 0" alone: before the first commit the table is
        // empty and its total is 0 too.
        Clients.await(
                "the group's offsets committed",
                () -> {
                    String progress = mqadmin.run("consumerProgress", "-g", GROUP);
                    return matches(progress, TOPIC + "\\s+" + brokerName + "\\s+0\\s+2\\s+2\\s+0")
                            && matches(
                                    progress, TOPIC + "\\s+" + brokerName + "\\s+1\\s+1\\s+1\\s+0");
                });
    }

    @AfterAll
    static void stop() {
        if (consumer != null) {
            consumer.shutdown();
            producer.shutdown();
            admin.shutdown();
        }
    }

    private static Properties properties(String key, String value) {
        Properties properties = new Properties();
        properties.setProperty(key, value);
        return properties;
    }

    private static MessageQueue queue(int queueId) {
        return new MessageQueue(TOPIC, brokerName, queueId);
    }

    private static boolean matches(String printed, String regex) {
        return Pattern.compile(regex).matcher(printed).find();
    }

    private static void assertFinds(String printed, String regex) {
        assertThat(matches(printed, regex)).as(printed + "\n does not match " + regex).isTrue();
    }

    @SuppressWarnings("deprecation") // the client id is only reachable through the impl
    private static String consumerClientId() {
        return consumer.getDefaultMQPushConsumerImpl().getmQClientFactory().getClientId();
    }

    @Test
    @Order(1)
    void shouldShowTheClusterTheBrokerAndTheTopic() {
        assertThat(created).contains("create topic to " + address + " success");
        String clusters = mqadmin.run("clusterList");
        assertFinds(clusters, CLUSTER + "\\s+" + brokerName + "\\s+0\\s+");
        assertThat(clusters).contains(address);
        assertFinds(mqadmin.run("brokerStatus", "-b", address), "msgPutTotalTodayNow\\s+: 3");
        assertThat(mqadmin.run("topicList")).contains(TOPIC);
        String route = mqadmin.run("topicRoute", "-t", TOPIC);
        assertThat(route).contains(address).contains("\"writeQueueNums\":2");
        String status = mqadmin.run("topicStatus", "-t", TOPIC);
        assertFinds(status, brokerName + "\\s+0\\s+0\\s+2\\s+");
        assertFinds(status, brokerName + "\\s+1\\s+0\\s+1\\s+");
    }

    @Test
    @Order(2)
    void shouldCreateAndDeleteTopicsAndSubscriptionGroups() throws Exception {
        assertThat(mqadmin.run("updateTopic", "-c", CLUSTER, "-t", "MqaTemp", "-w", "3"))
                .contains("success");
        assertThat(mqadmin.run("topicList")).contains("MqaTemp");
        assertThat(mqadmin.run("deleteTopic", "-t", "MqaTemp", "-c", CLUSTER))
                .contains("delete topic [MqaTemp] from cluster [" + CLUSTER + "] success");
        assertThat(mqadmin.run("topicList")).doesNotContain("MqaTemp");

        assertThat(
                        mqadmin.run(
                                "updateSubGroup",
                                "-c",
                                CLUSTER,
                                "-g",
                                "mqa-g2",
                                "-q",
                                "2",
                                "-r",
                                "3"))
                .contains("create subscription group to " + address + " success");
        assertThat(admin.examineSubscriptionGroupConfig(address, "mqa-g2").getRetryMaxTimes())
                .isEqualTo(3);
        assertThat(mqadmin.run("deleteSubGroup", "-c", CLUSTER, "-g", "mqa-g2"))
                .contains("delete subscription group [mqa-g2] from broker [" + address);
        assertThat(admin.getAllSubscriptionGroup(address, 5000).getSubscriptionGroupTable())
                .doesNotContainKey("mqa-g2")
                .containsKey(GROUP);
    }

    @Test
    @Order(3)
    void shouldShowProducersConsumersAndTheirProgress() throws IOException {
        String clientId = consumerClientId();
        assertFinds(
                mqadmin.run("consumerProgress", "-g", GROUP),
                TOPIC + "\\s+" + brokerName + "\\s+0\\s+2\\s+2\\s+0");
        String connections = mqadmin.run("consumerConnection", "-g", GROUP);
        assertThat(connections).contains(clientId).contains("CLUSTERING").contains(TOPIC);
        assertThat(mqadmin.run("producerConnection", "-g", PRODUCERS, "-t", TOPIC))
                .contains("JAVA");
        assertThat(mqadmin.run("producer", "-b", address))
                .contains("producer group (" + PRODUCERS + ")");
        assertThat(mqadmin.run("consumerStatus", "-g", GROUP))
                .contains(clientId)
                .contains("Rebalance OK");
        assertThat(takeRunningInfoFile(clientId)).contains("#Consumer Properties#");
        assertFinds(
                mqadmin.run("getConsumerStatus", "-g", GROUP, "-t", TOPIC),
                Pattern.quote(clientId) + "\\s+" + brokerName + "\\s+0\\s+2");
        String brokerWide = mqadmin.run("brokerConsumeStats", "-b", address);
        assertFinds(brokerWide, TOPIC + "\\s+" + GROUP + "\\s+" + brokerName + "\\s+0\\s+2\\s+2");
        assertThat(brokerWide).contains("Diff Total: 0");
        assertFinds(
                mqadmin.run("statsAll", "-t", TOPIC),
                TOPIC + "\\s+" + GROUP + "\\s+0\\s+\\S+\\s+\\S+\\s+3\\s+3");
    }

    @Test
    @Order(4)
    void shouldFindAndResendMessages() {
        String printedByKey = mqadmin.run("queryMsgByKey", "-t", TOPIC, "-k", "key-1");
        assertThat(printedByKey).contains(first.getMsgId());
        assertThat(mqadmin.run("queryMsgByUniqueKey", "-t", TOPIC, "-i", first.getMsgId()))
                .contains("Keys:                [key-1]");
        assertThat(mqadmin.run("queryMsgById", "-t", TOPIC, "-i", first.getOffsetMsgId()))
                .contains("OffsetID:            " + first.getOffsetMsgId())
                .contains("Keys:                [key-1]");
        String resent =
                mqadmin.run(
                        "queryMsgById",
                        "-t",
                        TOPIC,
                        "-i",
                        first.getOffsetMsgId(),
                        "-g",
                        GROUP,
                        "-d",
                        consumerClientId());
        assertThat(resent).contains("consumeResult=CR_SUCCESS");
        assertThat(
                        mqadmin.run(
                                "queryMsgByOffset",
                                "-t",
                                TOPIC,
                                "-b",
                                brokerName,
                                "-i",
                                "0",
                                "-o",
                                "0"))
                .contains("Keys:                [key-1]");
        String queue = mqadmin.run("queryCq", "-t", TOPIC, "-q", "0", "-i", "0", "-c", "2");
        assertThat(queue).contains("max: 2, min: 0").contains("physicOffset=0,");
        assertThat(mqadmin.run("printMsg", "-t", TOPIC))
                .contains("BODY: body of 1")
                .contains("BODY: body of 2")
                .contains("BODY: body of 3");
    }

    @Test
    @Order(5)
    void shouldReadAndChangeBrokerAndNameServerConfiguration() throws Exception {
        assertFinds(mqadmin.run("getBrokerConfig", "-b", address), "brokerName\\s+=\\s+broker-a");
        assertThat(
                        mqadmin.run(
                                "updateBrokerConfig",
                                "-b",
                                address,
                                "-k",
                                "autoCreateSubscriptionGroup",
                                "-v",
                                "false"))
                .contains("update broker config success");
        assertFinds(
                mqadmin.run("getBrokerConfig", "-b", address),
                "autoCreateSubscriptionGroup\\s+=\\s+false");
        admin.updateBrokerConfig(address, properties("autoCreateSubscriptionGroup", "true"));
        assertFinds(mqadmin.run("getNamesrvConfig"), "brokerExpiryMillis\\s+=\\s+120000");
        assertThat(mqadmin.run("updateNamesrvConfig", "-k", "brokerExpiryMillis", "-v", "90000"))
                .contains("update name server config success");
        assertFinds(mqadmin.run("getNamesrvConfig"), "brokerExpiryMillis\\s+=\\s+90000");
        // the expiry scan's period changes live, as the reference's name server accepts it
        assertThat(
                        mqadmin.run(
                                "updateNamesrvConfig",
                                "-k",
                                "scanNotActiveBrokerInterval",
                                "-v",
                                "1000"))
                .contains("update name server config success");
        assertFinds(mqadmin.run("getNamesrvConfig"), "scanNotActiveBrokerInterval\\s+=\\s+1000");
        mqadmin.run("updateNamesrvConfig", "-k", "scanNotActiveBrokerInterval", "-v", "5000");
        assertFinds(mqadmin.run("getNamesrvConfig"), "scanNotActiveBrokerInterval\\s+=\\s+5000");

        assertThat(mqadmin.run("updateKvConfig", "-s", "mqa", "-k", "key", "-v", "value"))
                .contains("success");
        assertThat(admin.getKVConfig("mqa", "key")).isEqualTo("value");
        assertThat(mqadmin.run("deleteKvConfig", "-s", "mqa", "-k", "key")).contains("success");
        assertThatThrownBy(() -> admin.getKVConfig("mqa", "key")).isInstanceOf(Exception.class);
    }

    @Test
    @Order(6)
    void shouldWipeAndRestoreWritePermission() {
        assertThat(mqadmin.run("wipeWritePerm", "-b", brokerName))
                .contains("wipe write perm of broker[" + brokerName + "]");
        assertThat(mqadmin.run("topicRoute", "-t", TOPIC)).contains("\"perm\":4");
        assertThat(mqadmin.run("addWritePerm", "-b", brokerName))
                .contains("add write perm of broker[" + brokerName + "]");
        assertThat(mqadmin.run("topicRoute", "-t", TOPIC)).contains("\"perm\":6");
    }

    @Test
    @Order(7)
    void shouldExportMetadataAndConfigsAndCleanUnusedTopics(@TempDir Path dir) throws Exception {
        assertThat(mqadmin.run("exportMetadata", "-c", CLUSTER, "-f", dir.toString()))
                .contains("success");
        assertThat(Files.readString(dir.resolve("metadata.json"), StandardCharsets.UTF_8))
                .contains(TOPIC)
                .contains(GROUP);
        assertThat(mqadmin.run("exportConfigs", "-c", CLUSTER, "-f", dir.toString()))
                .contains("success");
        assertThat(Files.readString(dir.resolve("configs.json"), StandardCharsets.UTF_8))
                .contains(brokerName);
        assertThat(mqadmin.run("cleanUnusedTopic", "-c", CLUSTER)).contains("success");
    }

    @Test
    @Order(8)
    void shouldCloneSkipAndResetOffsets() {
        assertThat(
                        mqadmin.run(
                                "cloneGroupOffset",
                                "-s",
                                GROUP,
                                "-d",
                                "mqa-copy",
                                "-t",
                                TOPIC,
                                "-o",
                                "true"))
                .contains("clone group offset success");
        String skipped = mqadmin.run("skipAccumulatedMessage", "-g", "mqa-copy", "-t", TOPIC);
        assertFinds(skipped, brokerName + "\\s+0\\s+2\\s+2\\s+");
        assertFinds(skipped, brokerName + "\\s+1\\s+1\\s+1\\s+");
        String reset = mqadmin.run("resetOffsetByTime", "-g", GROUP, "-t", TOPIC, "-s", "0");
        assertFinds(reset, brokerName + "\\s+0\\s+0\\s");
        assertFinds(reset, brokerName + "\\s+1\\s+0\\s");
    }

    /**
     * The running-info file {@code consumerStatus} wrote for {@code clientId} (the tool writes one
     * per client under a directory named for the current time, in the working directory), deleted
     * once read so the run leaves nothing in the module's directory.
     */
    private static String takeRunningInfoFile(String clientId) throws IOException {
        Path found = null;
        try (var dirs = Files.list(Path.of(""))) {
            for (Path dir : (Iterable<Path>) dirs::iterator) {
                Path file = dir.resolve(clientId);
                if (dir.getFileName().toString().matches("\\d+") && Files.isRegularFile(file)) {
                    found = file;
                }
            }
        }
        assertThat(found).as("running info of " + clientId + " written").isNotNull();
        String text = Files.readString(found, StandardCharsets.UTF_8);
        try (var left = Files.list(found.getParent())) {
            for (Path p : (Iterable<Path>) left::iterator) {
                Files.delete(p);
            }
        }
        Files.delete(found.getParent());
        return text;
    }
}
