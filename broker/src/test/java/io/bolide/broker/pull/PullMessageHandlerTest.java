package io.bolide.broker.pull;

import static io.bolide.broker.pull.PullFixture.GROUP;
import static io.bolide.broker.pull.PullFixture.TOPIC;
import static io.bolide.broker.pull.PullFixture.pull;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * PULL_MESSAGE answers, one per store status and per refusal, without holding: the code, the next
 * offset the consumer moves to, and the four header fields the client always reads.
 */
@ExtendWith(LeakCheck.class)
class PullMessageHandlerTest {
    private static final int COMMIT = PullMessageHandler.FLAG_COMMIT_OFFSET;
    private static final int SUBSCRIPTION = PullMessageHandler.FLAG_SUBSCRIPTION;
    private static final List<String> REQUIRED =
            List.of("suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset");

    @TempDir Path dir;
    private PullFixture broker;

    private PullFixture open(BrokerConfig.Builder config) throws Exception {
        broker = new PullFixture(dir, config.build());
        return broker;
    }

    private PullFixture open() throws Exception {
        return open(BrokerConfig.builder());
    }

    @AfterEach
    void close() throws Exception {
        if (broker != null) {
            broker.close();
        }
    }

    private static Map<String, String> with(Map<String, String> fields, Object... overrides) {
        Map<String, String> changed = new java.util.LinkedHashMap<>(fields);
        for (int i = 0; i < overrides.length; i += 2) {
            changed.put((String) overrides[i], String.valueOf(overrides[i + 1]));
        }
        return changed;
    }

    @Test
    void shouldAnswerFoundWithTheRecordsAndTheNextOffset() throws Exception {
        open().put(0, "m0");
        broker.put(0, "m1");

        Reply reply = broker.call(pull(0, 0, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.remark()).isEqualTo("FOUND");
        assertThat(reply.records()).containsExactly("0:m0", "1:m1");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(2);
        assertThat(reply.longField("minOffset")).isZero();
        assertThat(reply.longField("maxOffset")).isEqualTo(2);
        assertThat(reply.longField("suggestWhichBrokerId")).isZero();
    }

    @Test
    void shouldSuggestTheSlowBrokerForAReadFarBehindTheCommitLogsEndWithSlaveReadEnable()
            throws Exception {
        // 400 bytes may lie in memory: a read further behind the end has left it.
        broker =
                new PullFixture(
                        dir,
                        BrokerConfig.builder().set("slaveReadEnable", "true").build(),
                        b -> b,
                        400);
        broker.put(0, "old");
        for (int i = 0; i < 8; i++) {
            broker.put(1, "x".repeat(200));
        }
        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).longField("suggestWhichBrokerId"))
                .isEqualTo(1);
        broker.groups.put(
                io.bolide.protocol.body.SubscriptionGroupConfig.builder(GROUP)
                        .whichBrokerWhenConsumeSlowly(2)
                        .build());
        assertThat(broker.call(pull(0, 0, SUBSCRIPTION)).longField("suggestWhichBrokerId"))
                .isEqualTo(2);
        assertThat(broker.call(pull(1, 7, SUBSCRIPTION)).longField("suggestWhichBrokerId"))
                .as("the newest record is warm")
                .isZero();
    }

    @Test
    void shouldReturnAtMostMaxMsgNumsRecords() throws Exception {
        open();
        for (int i = 0; i < 3; i++) {
            broker.put(1, "m" + i);
        }

        Reply reply = broker.call(with(pull(1, 0, SUBSCRIPTION), "maxMsgNums", 2));

        assertThat(reply.records()).containsExactly("0:m0", "1:m1");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(2);
        // Where the group's pulls stand, for the in-flight and ready metrics.
        assertThat(broker.stats.pulls().query(GROUP, TOPIC, 1)).isEqualTo(2);
        assertThat(broker.stats.pulls().query(GROUP, TOPIC, 0)).isEqualTo(-1);
    }

    @Test
    void shouldAnswerRetryImmediatelyWhenNoRecordMatchesTheTags() throws Exception {
        open().put(0, "a", "TAGS", "A");

        Reply reply = broker.call(with(pull(0, 0, SUBSCRIPTION), "subscription", "B"));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
        assertThat(reply.remark()).isEqualTo("NO_MATCHED_MESSAGE");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(1);
        assertThat(broker.stats.pulls().query(GROUP, TOPIC, 0)).isEqualTo(1);
    }

    @Test
    void shouldAnswerOffsetMovedToTheMinimumWhenTheOffsetWasDeleted() throws Exception {
        // A disk threshold this low is always exceeded: retention deletes all but the active
        // segment.
        broker =
                new PullFixture(
                        dir,
                        BrokerConfig.builder().build(),
                        store -> store.retention(72, 4, 1e-9).retentionIntervalMs(3_600_000));
        String body = "x".repeat(1000);
        for (int i = 0; i < 150; i++) {
            broker.put(3, body);
        }
        assertThat(broker.store.store().runRetention()).isPositive();
        long min = broker.store.store().minOffset(TOPIC, 3);
        assertThat(min).isPositive();

        Reply reply = broker.call(pull(3, 0, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(reply.remark()).isEqualTo("OFFSET_TOO_SMALL");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(min);
        assertThat(reply.longField("minOffset")).isEqualTo(min);
        assertThat(reply.longField("maxOffset")).isEqualTo(150);
    }

    @Test
    void shouldAnswerOffsetMovedToTheMaximumWhenTheOffsetIsBeyondIt() throws Exception {
        open().put(0, "m0");
        broker.put(0, "m1");

        Reply reply = broker.call(pull(0, 5, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(reply.remark()).isEqualTo("OFFSET_OVERFLOW_BADLY");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(2);
        assertThat(reply.longField("maxOffset")).isEqualTo(2);
    }

    @Test
    void shouldAnswerPullNotFoundWhenQueueEmptyAtOffsetZero() throws Exception {
        open();

        Reply reply = broker.call(pull(2, 0, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(reply.longField("nextBeginOffset")).isZero();
    }

    @Test
    void shouldAnswerOffsetMovedToZeroWhenQueueEmptyAtALaterOffset() throws Exception {
        open();

        Reply reply = broker.call(pull(2, 3, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
        assertThat(reply.longField("nextBeginOffset")).isZero();
    }

    @Test
    void shouldAnswerPullNotFoundAtTheEndOfTheQueueKeepingTheOffset() throws Exception {
        open().put(0, "m0");

        Reply reply = broker.call(pull(0, 1, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
        assertThat(reply.remark()).isEqualTo("OFFSET_OVERFLOW_ONE");
        assertThat(reply.longField("nextBeginOffset")).isEqualTo(1);
        assertThat(broker.hold.heldCount()).isZero();
    }

    @Test
    void shouldAlwaysSendTheFourHeaderFieldsTheClientReads() throws Exception {
        open().put(0, "m0", "TAGS", "A");
        List<Reply> replies =
                List.of(
                        broker.call(pull(0, 0, SUBSCRIPTION)),
                        broker.call(with(pull(0, 0, SUBSCRIPTION), "subscription", "B")),
                        broker.call(pull(0, 1, SUBSCRIPTION)),
                        broker.call(pull(0, 9, SUBSCRIPTION)),
                        broker.call(pull(2, 0, SUBSCRIPTION)),
                        broker.call(pull(2, 4, SUBSCRIPTION)));

        assertThat(replies).extracting(Reply::code).containsExactly(0, 20, 19, 21, 19, 21);
        for (Reply reply : replies) {
            assertThat(reply.fields()).containsKeys(REQUIRED.toArray(new String[0]));
        }
    }

    @Test
    void shouldRefuseATopicThatDoesNotExist() throws Exception {
        open();

        Reply reply = broker.call(with(pull(0, 0, SUBSCRIPTION), "topic", "Nope"));

        assertThat(reply.code()).isEqualTo(ResponseCode.TOPIC_NOT_EXIST);
        assertThat(reply.remark()).startsWith("topic[Nope] not exist, apply first please!");
    }

    @Test
    void shouldRefuseAQueueIdOutsideTheReadQueues() throws Exception {
        open();

        Reply tooLarge = broker.call(pull(4, 0, SUBSCRIPTION));
        Reply negative = broker.call(pull(-1, 0, SUBSCRIPTION));

        assertThat(tooLarge.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
        assertThat(tooLarge.remark()).startsWith("queueId[4] is illegal");
        assertThat(negative.code()).isEqualTo(ResponseCode.INVALID_PARAMETER);
    }

    @Test
    void shouldRefuseATopicThatIsNotReadable() throws Exception {
        open().topics.put(TopicTable.config("WriteOnly", 4, Perm.WRITE));

        Reply reply = broker.call(with(pull(0, 0, SUBSCRIPTION), "topic", "WriteOnly"));

        assertThat(reply.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(reply.remark()).contains("WriteOnly");
    }

    @Test
    void shouldRefuseEveryPullWhileTheBrokerIsNotReadable() throws Exception {
        open(BrokerConfig.builder().set("brokerPermission", String.valueOf(Perm.WRITE)));

        Reply reply = broker.call(pull(0, 0, SUBSCRIPTION));

        assertThat(reply.code()).isEqualTo(ResponseCode.NO_PERMISSION);
        assertThat(reply.remark()).contains("pulling message is forbidden");
    }

    @Test
    void shouldRefuseWithSubscriptionNotExistWhenTheGroupNeverSentAHeartbeat() throws Exception {
        open();

        Reply reply = broker.call(pull(0, 0, 0));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_NOT_EXIST);
        assertThat(reply.remark()).startsWith("the consumer's group info not exist");
    }

    @Test
    void shouldRefuseWithSubscriptionNotExistWhenTheGroupDoesNotSubscribeTheTopic()
            throws Exception {
        open().heartbeat("*", 1);
        broker.topics.put(TopicTable.config("Other", 4, Perm.READ | Perm.WRITE));

        Reply reply = broker.call(with(pull(0, 0, 0), "topic", "Other"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_NOT_EXIST);
        assertThat(reply.remark()).startsWith("the consumer's subscription not exist");
    }

    @Test
    void shouldRefuseWithSubscriptionNotLatestWhenThePullIsNewerThanTheHeartbeat()
            throws Exception {
        open().heartbeat("*", 5);

        Reply newer = broker.call(with(pull(0, 0, 0), "subVersion", 6));
        Reply same = broker.call(with(pull(0, 0, 0), "subVersion", 5));

        assertThat(newer.code()).isEqualTo(ResponseCode.SUBSCRIPTION_NOT_LATEST);
        assertThat(same.code()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
    }

    @Test
    void shouldFilterByTheHeartbeatSubscriptionWithoutTheSubscriptionFlag() throws Exception {
        open().heartbeat("B", 1);
        broker.put(0, "a", "TAGS", "A");
        broker.put(0, "b", "TAGS", "B");

        Reply reply = broker.call(pull(0, 0, 0));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.records()).containsExactly("1:b");
    }

    @Test
    void shouldStoreTheCommitOffsetOnlyWhenFlagged() throws Exception {
        open();

        broker.call(with(pull(0, 0, SUBSCRIPTION), "commitOffset", 7));
        assertThat(broker.offsets.query(GROUP, TOPIC, 0)).isEqualTo(-1);

        broker.call(with(pull(0, 0, SUBSCRIPTION | COMMIT), "commitOffset", 7));
        assertThat(broker.offsets.query(GROUP, TOPIC, 0)).isEqualTo(7);

        broker.call(with(pull(0, 0, SUBSCRIPTION | COMMIT), "commitOffset", -1));
        assertThat(broker.offsets.query(GROUP, TOPIC, 0)).isEqualTo(7);
    }

    @Test
    void shouldNotStoreTheCommitOffsetOfARefusedPull() throws Exception {
        open();

        broker.call(with(pull(0, 0, COMMIT), "commitOffset", 7));

        assertThat(broker.offsets.query(GROUP, TOPIC, 0)).isEqualTo(-1);
    }

    @Test
    void shouldRefuseSqlFilteringWhilePropertyFilterIsDisabled() throws Exception {
        open(BrokerConfig.builder().set("enablePropertyFilter", "false"));

        Reply reply =
                broker.call(
                        with(
                                pull(0, 0, SUBSCRIPTION),
                                "expressionType",
                                "SQL92",
                                "subscription",
                                "a > 1"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).endsWith("filter message by SQL92");
    }

    @Test
    void shouldRefuseAnSqlExpressionThatDoesNotCompile() throws Exception {
        open();

        Reply reply =
                broker.call(
                        with(
                                pull(0, 0, SUBSCRIPTION),
                                "expressionType",
                                "SQL92",
                                "subscription",
                                "a >"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
    }

    @Test
    void shouldFilterByAnSqlExpressionWhenEnabled() throws Exception {
        open();
        broker.put(0, "low", "a", "1");
        broker.put(0, "high", "a", "5");

        Reply reply =
                broker.call(
                        with(
                                pull(0, 0, SUBSCRIPTION),
                                "expressionType",
                                "SQL92",
                                "subscription",
                                "a > 2"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.records()).containsExactly("1:high");
    }

    @Test
    void shouldRefuseAnUnknownExpressionType() throws Exception {
        open();

        Reply reply = broker.call(with(pull(0, 0, SUBSCRIPTION), "expressionType", "XPATH"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(reply.remark()).endsWith("filter message by XPATH");
    }
}
