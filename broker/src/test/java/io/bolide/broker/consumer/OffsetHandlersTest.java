package io.bolide.broker.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** QUERY_CONSUMER_OFFSET and UPDATE_CONSUMER_OFFSET over a real offset table and store. */
@ExtendWith(LeakCheck.class)
class OffsetHandlersTest {
    @TempDir Path dir;
    private ConsumerFixture broker;

    @BeforeEach
    void open() throws Exception {
        broker = new ConsumerFixture(dir);
    }

    @AfterEach
    void close() throws Exception {
        broker.close();
    }

    private Reply update(String group, int queueId, long offset) {
        return broker.call(
                RequestCode.UPDATE_CONSUMER_OFFSET,
                Wire.fields(
                        "consumerGroup", group,
                        "topic", "T",
                        "queueId", queueId,
                        "commitOffset", offset));
    }

    private Reply query(String group, int queueId, Object... extra) {
        var fields = Wire.fields("consumerGroup", group, "topic", "T", "queueId", queueId);
        fields.putAll(Wire.fields(extra));
        return broker.call(RequestCode.QUERY_CONSUMER_OFFSET, fields);
    }

    @Test
    void shouldAnswerTheOffsetLastUpdated() {
        assertThat(update("g", 1, 5).code()).isEqualTo(ResponseCode.SUCCESS);
        update("g", 1, 9);

        Reply reply = query("g", 1);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("offset")).isEqualTo(9);
        assertThat(broker.offsets.query("g", "T", 1)).isEqualTo(9);
    }

    @Test
    void shouldKeepOffsetsApartByGroupAndQueue() {
        update("g", 1, 5);

        assertThat(query("g", 2).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(query("other", 1).code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    @Test
    void shouldAnswerQueryNotFoundWhenNoOffsetAndTheQueueIsEmpty() {
        Reply reply = query("g", 0);

        assertThat(reply.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
        assertThat(reply.remark()).isEqualTo(QueryConsumerOffsetHandler.NOT_FOUND);
    }

    @Test
    void shouldAnswerZeroWhenNoOffsetAndTheQueueStillStartsAtZero() {
        broker.store.put("T", 0, "m0");

        Reply reply = query("g", 0);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("offset")).isZero();
    }

    @Test
    void shouldAnswerQueryNotFoundWhenTheClientDoesNotWantZero() {
        broker.store.put("T", 0, "m0");

        Reply reply = query("g", 0, "setZeroIfNotFound", false);

        assertThat(reply.code()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    @Test
    void shouldPreferTheCommittedOffsetOverZero() {
        broker.store.put("T", 0, "m0");
        update("g", 0, 1);

        assertThat(query("g", 0).longField("offset")).isEqualTo(1);
    }
}
