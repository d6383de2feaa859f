package io.bolide.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Properties;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.DataVersion;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.admin.TopicOffset;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.remoting.protocol.body.KVTable;
import org.apache.rocketmq.remoting.protocol.header.GetTopicStatsInfoRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * GET_BROKER_CONFIG / UPDATE_BROKER_CONFIG (live keys only, all or nothing), the runtime figures
 * and topic statistics, on real tables and a real store.
 */
@ExtendWith(LeakCheck.class)
class AdminConfigAndStatsTest {
    private static final long BOOT = 1_700_000_000_123L;

    private EmbeddedBroker broker;

    @BeforeEach
    void open() throws IOException {
        broker = EmbeddedBroker.open();
        AdminPlane.install(
                broker.codes(),
                broker.config(),
                broker.liveSettings(),
                broker.topics(),
                broker.offsets(),
                broker.clients(),
                broker.store(),
                BOOT);
        broker.installSend();
    }

    @AfterEach
    void close() throws IOException {
        broker.close();
    }

    private RemotingCommand call(int code, byte[] body) {
        return broker.call(code, null, body, SerializeType.JSON);
    }

    private Properties config() {
        RemotingCommand got = call(RequestCode.GET_BROKER_CONFIG, null);
        assertThat(got.getCode()).isEqualTo(ResponseCode.SUCCESS);
        return MixAll.string2Properties(new String(got.getBody(), StandardCharsets.UTF_8));
    }

    private long configVersion() {
        String json = call(RequestCode.GET_BROKER_CONFIG, null).getExtFields().get("version");
        return RemotingSerializable.fromJson(json, DataVersion.class).getCounter().get();
    }

    private RemotingCommand update(String text) {
        return call(RequestCode.UPDATE_BROKER_CONFIG, text.getBytes(StandardCharsets.UTF_8));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldServeEveryKeyAsPropertiesTextWithTheConfigVersion(SerializeType type) {
        RemotingCommand got = broker.call(RequestCode.GET_BROKER_CONFIG, null, null, type);

        Properties text =
                MixAll.string2Properties(new String(got.getBody(), StandardCharsets.UTF_8));
        assertThat(text.getProperty("brokerName")).isEqualTo(broker.config().brokerName());
        assertThat(text.getProperty("maxMessageSize"))
                .isEqualTo(Integer.toString(broker.config().maxMessageSize()));
        assertThat(text.getProperty("storePathRootDir")).isNotBlank();
        assertThat(got.getExtFields().get("version")).contains("counter");
    }

    @Test
    void shouldApplyALiveKeyAndBumpTheConfigVersion() {
        long before = configVersion();
        assertThat(config().getProperty("autoCreateSubscriptionGroup")).isEqualTo("true");

        RemotingCommand response = update("autoCreateSubscriptionGroup = false\n");

        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(config().getProperty("autoCreateSubscriptionGroup")).isEqualTo("false");
        assertThat(configVersion()).isEqualTo(before + 1);
    }

    @Test
    void shouldRefuseAnUnknownKeyByName() {
        RemotingCommand response = update("noSuchKey=1\n");

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark()).isEqualTo("unknown broker config key 'noSuchKey'");
    }

    @Test
    void shouldRefuseTheWholeUpdateWhenOneKeyNeedsARestart() {
        long before = configVersion();

        RemotingCommand response =
                update("autoCreateSubscriptionGroup=false\nmappedFileSizeCommitLog=4096\n");

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark())
                .startsWith(
                        "broker config key 'mappedFileSizeCommitLog' cannot change while the"
                                + " broker runs")
                .contains("autoCreateSubscriptionGroup");
        assertThat(config().getProperty("autoCreateSubscriptionGroup")).isEqualTo("true");
        assertThat(config().getProperty("mappedFileSizeCommitLog"))
                .isEqualTo(Integer.toString(broker.config().mapedFileSizeCommitLog()));
        assertThat(configVersion()).isEqualTo(before);
    }

    @Test
    void shouldRefuseAnUpdateWithoutBody() {
        RemotingCommand response = call(RequestCode.UPDATE_BROKER_CONFIG, null);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(response.getRemark()).isEqualTo("no properties in body");
    }

    @Test
    void shouldRefuseAnUnparsableValueOfALiveKey() {
        long before = configVersion();

        RemotingCommand response = update("autoCreateSubscriptionGroup=maybe\n");

        assertThat(response.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(response.getRemark()).contains("autoCreateSubscriptionGroup");
        assertThat(configVersion()).isEqualTo(before);
    }

    private void sendAndAwait(String topic, int queueId, int count) {
        for (int i = 0; i < count; i++) {
            RemotingCommand sent =
                    broker.call(
                            RequestCode.SEND_MESSAGE_V2,
                            SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                                    ApacheCalls.sendHeader(topic, queueId, "T")),
                            new byte[] {1},
                            SerializeType.ROCKETMQ);
            assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        }
        // The consume-queue entry becomes visible before the dispatcher advances its own
        // offset, so wait for the latter too: runtime info reports the gap between them.
        Await.until(
                () ->
                        broker.store().maxOffset(topic, queueId) >= count
                                && broker.store().dispatchedOffset()
                                        == broker.store().maxPhysicalOffset(),
                "dispatch to " + topic);
    }

    private Map<String, String> runtime() {
        RemotingCommand response = call(RequestCode.GET_BROKER_RUNTIME_INFO, null);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        return KVTable.decode(response.getBody(), KVTable.class).getTable();
    }

    @Test
    void shouldReportBootTimeTopicsAndEmptyCommitLogBeforeAnySend() {
        Map<String, String> table = runtime();

        assertThat(table)
                .containsEntry("bootTimestamp", Long.toString(BOOT))
                .containsEntry("brokerActive", "true")
                .containsEntry("topicCount", Integer.toString(broker.topics().all().size()))
                .containsEntry("commitLogMaxOffset", "0")
                .containsEntry("commitLogMinOffset", "0")
                .containsEntry("earliestMessageTimeStamp", "0")
                .containsEntry("msgPutTotalTodayNow", "0");
        assertThat(Double.parseDouble(table.get("commitLogDiskRatio"))).isBetween(0.0, 1.0);
    }

    @Test
    void shouldReportCommitLogEndAndEarliestStoreTimeAfterSends() {
        long before = System.currentTimeMillis();
        sendAndAwait("Runtime", 0, 2);

        Map<String, String> table = runtime();

        assertThat(table)
                .containsEntry(
                        "commitLogMaxOffset", Long.toString(broker.store().maxPhysicalOffset()))
                .containsEntry("dispatchBehindBytes", "0");
        assertThat(Long.parseLong(table.get("commitLogMaxOffset"))).isPositive();
        assertThat(Long.parseLong(table.get("earliestMessageTimeStamp")))
                .isBetween(before, System.currentTimeMillis());
    }

    private static GetTopicStatsInfoRequestHeader statsOf(String topic) {
        GetTopicStatsInfoRequestHeader header = new GetTopicStatsInfoRequestHeader();
        header.setTopic(topic);
        return header;
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldReportOffsetsAndLastStoreTimeOfEachWriteQueue(SerializeType type) {
        broker.topics()
                .put(
                        io.bolide.protocol.body.TopicConfig.builder("Stats")
                                .readQueueNums(4)
                                .writeQueueNums(3)
                                .perm(Perm.READ | Perm.WRITE)
                                .build());
        long before = System.currentTimeMillis();
        sendAndAwait("Stats", 1, 3);

        RemotingCommand response =
                broker.call(RequestCode.GET_TOPIC_STATS_INFO, statsOf("Stats"), null, type);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUCCESS);
        Map<MessageQueue, TopicOffset> table =
                TopicStatsTable.decode(response.getBody(), TopicStatsTable.class).getOffsetTable();
        String name = broker.config().brokerName();
        assertThat(table).hasSize(3);
        TopicOffset used = table.get(new MessageQueue("Stats", name, 1));
        assertThat(used.getMinOffset()).isZero();
        assertThat(used.getMaxOffset()).isEqualTo(3);
        assertThat(used.getLastUpdateTimestamp()).isBetween(before, System.currentTimeMillis());
        TopicOffset empty = table.get(new MessageQueue("Stats", name, 2));
        assertThat(empty.getMaxOffset()).isZero();
        assertThat(empty.getLastUpdateTimestamp()).isZero();
    }

    @Test
    void shouldAnswerTopicNotExistForStatsOfAnUnknownTopic() {
        RemotingCommand response =
                broker.call(
                        RequestCode.GET_TOPIC_STATS_INFO,
                        statsOf("Nowhere"),
                        null,
                        SerializeType.ROCKETMQ);

        assertThat(response.getCode()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(response.getRemark()).isEqualTo("topic[Nowhere] not exist");
    }

    @Test
    void shouldKeepUnusedTopicOutOfTheTopicCountUntilCreated() {
        int before = Integer.parseInt(runtime().get("topicCount"));
        broker.topics().put(TopicTable.config("Counted", 1, Perm.READ | Perm.WRITE));

        assertThat(Integer.parseInt(runtime().get("topicCount"))).isEqualTo(before + 1);
    }
}
