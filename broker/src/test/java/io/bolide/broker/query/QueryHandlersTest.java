package io.bolide.broker.query;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.fixture.StoreFixture;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.store.PutResult;
import io.bolide.testsupport.LeakCheck;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The store lookups as installed by {@link QueryFeature}: queue offsets by position and by time,
 * the earliest store time, messages by key and by commit-log offset. Store times come from a clock
 * the test moves, one second per message.
 */
@ExtendWith(LeakCheck.class)
class QueryHandlersTest {
    private static final long T0 = 1_700_000_000_000L;

    @TempDir Path dir;
    private final MutableClock clock = new MutableClock(T0);
    private final EmbeddedServer server = new EmbeddedServer();
    private StoreFixture store;

    @BeforeEach
    void open() throws Exception {
        store = StoreFixture.open(StoreFixture.small(dir).clock(clock).build());
        QueryFeature.install(new Codes(server::register), store.store(), QueueMappings.inMemory());
    }

    @AfterEach
    void close() throws Exception {
        server.close();
        store.close();
    }

    /** Stores {@code body} on T/0 one second after the previous message. */
    private PutResult put(String body, String... properties) {
        clock.advance(Duration.ofSeconds(1));
        return store.put("T", 0, body, properties);
    }

    private Reply call(int code, Object... fields) {
        return Wire.call(server, code, Wire.fields(fields), null);
    }

    private Reply queue(int code, int queueId) {
        return call(code, "topic", "T", "queueId", queueId);
    }

    private Reply query(String key, int maxNum, long begin, long end, Object... extra) {
        var fields =
                Wire.fields(
                        "topic", "T",
                        "key", key,
                        "maxNum", maxNum,
                        "beginTimestamp", begin,
                        "endTimestamp", end);
        fields.putAll(Wire.fields(extra));
        return Wire.call(server, RequestCode.QUERY_MESSAGE, fields, null);
    }

    @Test
    void shouldAnswerMaxOffsetOnePastTheLastMessage() {
        assertThat(queue(RequestCode.GET_MAX_OFFSET, 0).longField("offset")).isZero();
        put("m0");
        put("m1");
        put("m2");

        Reply reply = queue(RequestCode.GET_MAX_OFFSET, 0);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("offset")).isEqualTo(3);
        assertThat(queue(RequestCode.GET_MAX_OFFSET, 1).longField("offset")).isZero();
    }

    @Test
    void shouldAnswerMinOffsetZeroForAQueueNothingWasDeletedFrom() {
        put("m0");
        put("m1");

        Reply reply = queue(RequestCode.GET_MIN_OFFSET, 0);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("offset")).isZero();
    }

    @Test
    void shouldFindTheFirstOffsetStoredAtOrAfterATimestamp() {
        put("m0");
        put("m1");
        put("m2");
        long second = T0 + 2_000;

        assertThat(search(second)).isEqualTo(1);
        assertThat(search(second - 500)).isEqualTo(1);
        assertThat(search(second + 1)).isEqualTo(2);
        assertThat(search(0)).isZero();
        assertThat(search(T0 + 60_000)).isEqualTo(3);
    }

    private long search(long timestamp) {
        Reply reply =
                call(
                        RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                        "topic",
                        "T",
                        "queueId",
                        0,
                        "timestamp",
                        timestamp);
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        return reply.longField("offset");
    }

    @Test
    void shouldAnswerZeroWhenSearchingAQueueThatDoesNotExist() {
        Reply reply =
                call(
                        RequestCode.SEARCH_OFFSET_BY_TIMESTAMP,
                        "topic",
                        "T",
                        "queueId",
                        3,
                        "timestamp",
                        T0);

        assertThat(reply.longField("offset")).isZero();
    }

    @Test
    void shouldAnswerTheStoreTimeOfTheOldestMessage() {
        put("m0");
        put("m1");

        Reply reply = queue(RequestCode.GET_EARLIEST_MSG_STORETIME, 0);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("timestamp")).isEqualTo(T0 + 1_000);
    }

    @Test
    void shouldAnswerMinusOneAsEarliestStoreTimeOfAnEmptyQueue() {
        Reply reply = queue(RequestCode.GET_EARLIEST_MSG_STORETIME, 2);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("timestamp")).isEqualTo(-1);
    }

    @Test
    void shouldFindEveryMessageWithAKey() {
        put("m0", "KEYS", "k1");
        put("m1", "KEYS", "k2");
        put("m2", "KEYS", "k3 k1");

        Reply reply = query("k1", 32, 0, Long.MAX_VALUE);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.records()).containsExactlyInAnyOrder("0:m0", "2:m2");
        assertThat(reply.fields())
                .containsKeys("indexLastUpdateTimestamp", "indexLastUpdatePhyoffset");
    }

    @Test
    void shouldReturnAtMostMaxNumMessagesByKey() {
        put("m0", "KEYS", "k1");
        put("m1", "KEYS", "k1");
        put("m2", "KEYS", "k1");

        assertThat(query("k1", 2, 0, Long.MAX_VALUE).records()).hasSize(2);
    }

    @Test
    void shouldFindAMessageByItsUniqueKey() {
        put("m0", "UNIQ_KEY", "AC11000100002A9F0000000000000000");
        put("m1", "UNIQ_KEY", "AC11000100002A9F0000000000000001");

        Reply reply =
                query(
                        "AC11000100002A9F0000000000000001",
                        32,
                        0,
                        Long.MAX_VALUE,
                        "_UNIQUE_KEY_QUERY",
                        true);

        assertThat(reply.records()).containsExactly("1:m1");
    }

    @Test
    void shouldAnswerQueryNotFoundForAnUnknownKeyOrAnotherTimeRange() {
        put("m0", "KEYS", "k1");

        Reply unknown = query("nope", 32, 0, Long.MAX_VALUE);
        Reply earlier = query("k1", 32, 0, T0);

        assertThat(unknown.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(unknown.remark())
                .isEqualTo("can not find message, maybe time range not correct");
        assertThat(earlier.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    @Test
    void shouldViewTheMessageAtACommitLogOffset() {
        put("m0");
        PutResult second = put("m1");

        Reply reply = call(RequestCode.VIEW_MESSAGE_BY_ID, "offset", second.physicalOffset());

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.records()).containsExactly("1:m1");
    }

    @Test
    void shouldAnswerSystemErrorForAnOffsetWithNoMessage() {
        PutResult only = put("m0");
        long beyond = only.physicalOffset() + only.wroteBytes() + 1_000;

        Reply missing = call(RequestCode.VIEW_MESSAGE_BY_ID, "offset", beyond);
        Reply negative = call(RequestCode.VIEW_MESSAGE_BY_ID, "offset", -1);

        assertThat(missing.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(missing.remark()).isEqualTo("can not find message by the offset, " + beyond);
        assertThat(negative.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }
}
