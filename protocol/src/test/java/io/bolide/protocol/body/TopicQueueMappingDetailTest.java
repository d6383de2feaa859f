package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo;
import org.junit.jupiter.api.Test;

/**
 * Static-topic mappings (#38) both ways against Apache 5.5.0's classes: Bolide reads the detail
 * mqadmin sends (fastjson, numeric map keys unquoted), and its route form reads back in Apache's
 * TopicQueueMappingInfo with the currIdMap Apache's own cloneAsMappingInfo builds.
 */
class TopicQueueMappingDetailTest {

    private static org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail
            apacheDetail() {
        var detail =
                new org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail(
                        "T", 4, "broker-a", 1234L);
        var led =
                new org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem(
                        0, 1, "broker-a", 0, 0, -1, -1, -1);
        var moved1 =
                new org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem(
                        0, 0, "broker-a", 0, 0, 7, -1, -1);
        var moved2 =
                new org.apache.rocketmq.remoting.protocol.statictopic.LogicQueueMappingItem(
                        1, 0, "broker-b", 10000, 0, -1, -1, -1);
        detail.getHostedQueues().put(2, List.of(led));
        detail.getHostedQueues().put(3, List.of(moved1, moved2));
        return detail;
    }

    @Test
    void shouldReadApachesDetailAndBuildTheSameRouteForm() {
        var apache = apacheDetail();
        TopicQueueMappingDetail ours =
                BodyCodec.decode(apache.encode(), TopicQueueMappingDetail.class);
        assertThat(ours.topic()).isEqualTo("T");
        assertThat(ours.scope()).isEqualTo(apache.getScope());
        assertThat(ours.totalQueues()).isEqualTo(4);
        assertThat(ours.epoch()).isEqualTo(1234L);
        assertThat(ours.items(3)).hasSize(2);
        LogicQueueMappingItem second = ours.items(3).get(1);
        assertThat(second.bname()).isEqualTo("broker-b");
        assertThat(second.logicOffset()).isEqualTo(10000);
        assertThat(ours.items(3).get(0).ended()).isTrue();
        assertThat(ours.items(3).get(0).logicEnd()).isEqualTo(7);

        byte[] info = BodyCodec.encode(ours.asInfo());
        TopicQueueMappingInfo read = RemotingSerializable.decode(info, TopicQueueMappingInfo.class);
        var expected =
                org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail
                        .cloneAsMappingInfo(apache);
        assertThat(read.getCurrIdMap()).isEqualTo(expected.getCurrIdMap()).isEqualTo(Map.of(2, 1));
        assertThat(read.getBname()).isEqualTo(expected.getBname());
        assertThat(read.getScope()).isEqualTo(expected.getScope());
        assertThat(read.getTotalQueues()).isEqualTo(expected.getTotalQueues());
        assertThat(read.getEpoch()).isEqualTo(expected.getEpoch());
        assertThat(new String(info, StandardCharsets.UTF_8)).doesNotContain("hostedQueues");
    }

    @Test
    void shouldWriteADetailApacheReadsBack() {
        var apache = apacheDetail();
        TopicQueueMappingDetail ours =
                BodyCodec.decode(apache.encode(), TopicQueueMappingDetail.class);
        var back =
                RemotingSerializable.decode(
                        BodyCodec.encode(ours),
                        org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail
                                .class);
        assertThat(back.getHostedQueues()).isEqualTo(apache.getHostedQueues());
        assertThat(back.getEpoch()).isEqualTo(apache.getEpoch());
        assertThat(back.getBname()).isEqualTo(apache.getBname());
    }
}
