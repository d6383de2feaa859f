package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.body.TopicQueueMappingDetail;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Where a logic queue's requests land once remappingStaticTopic moved it (#38): the leader stretch
 * takes sends and offsets past its start, older offsets fall in the stretch holding them, and a
 * leader whose start is not written yet is refused.
 */
class LogicPlacementTest {
    private static final String TOPIC = "Static";

    /** Logic queue 0: 0.. on broker-a queue 0, 10000.. on broker-b queue 2 (seen by broker-b). */
    private static QueueMappings moved(long leaderStart) throws Exception {
        QueueMappings mappings = QueueMappings.inMemory();
        List<LogicQueueMappingItem> items =
                List.of(
                        new LogicQueueMappingItem(0, 0, "broker-a", 0, 0, -1, -1, -1),
                        new LogicQueueMappingItem(1, 2, "broker-b", leaderStart, 0, -1, -1, -1));
        assertThat(
                        mappings.update(
                                new TopicQueueMappingDetail(
                                        TOPIC,
                                        TopicQueueMappingDetail.GLOBAL_SCOPE,
                                        1,
                                        "broker-b",
                                        1,
                                        false,
                                        Map.of(),
                                        Map.of(0, items)),
                                false))
                .isNull();
        return mappings;
    }

    @Test
    void shouldPlaceOffsetsInTheStretchHoldingThem() throws Exception {
        LogicPlacement placed = LogicPlacement.of(moved(10_000), TOPIC, 0);

        assertThat(placed.refusal()).isNull();
        assertThat(placed.physicalId()).isEqualTo(2);
        assertThat(placed.leaderLogic(5)).isEqualTo(10_005);
        LogicQueueMappingItem old = placed.stretchFor(7);
        assertThat(old.bname()).isEqualTo("broker-a");
        assertThat(placed.local(old)).isFalse();
        assertThat(placed.followingStart(old)).isEqualTo(10_000);
        LogicQueueMappingItem leader = placed.stretchFor(10_003);
        assertThat(placed.local(leader)).isTrue();
        assertThat(leader.physical(10_003)).isEqualTo(3);
        assertThat(placed.followingStart(leader)).isEqualTo(-1);
    }

    @Test
    void shouldRefuseALeaderWhoseStartIsNotKnownYet() throws Exception {
        LogicPlacement placed = LogicPlacement.of(moved(-1), TOPIC, 0);

        assertThat(placed.refusal()).contains("is being remapped");
    }

    @Test
    void shouldLeaveOrdinaryTopicsAsTheyAre() throws Exception {
        LogicPlacement placed = LogicPlacement.of(moved(10_000), "Plain", 3);

        assertThat(placed.isLogic()).isFalse();
        assertThat(placed.physicalId()).isEqualTo(3);
        assertThat(placed.leaderLogic(42)).isEqualTo(42);
    }
}
