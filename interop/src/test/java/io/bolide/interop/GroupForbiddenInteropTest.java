package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.filter.FilterAPI;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateGroupForbiddenRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.subscription.GroupForbidden;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UPDATE_AND_GET_GROUP_FORBIDDEN (353) against an Apache RocketMQ 5.5.0 broker and Bolide's: the
 * forbidding read, set and lifted through the official admin API ({@code
 * updateAndGetGroupReadForbidden}), and pulls of the group between, with the subscription on the
 * request and from the group's heartbeat: both answer the same bodies, and the same code and remark
 * to each pull (the reference refuses only the pull that relies on the heartbeat).
 */
class GroupForbiddenInteropTest {
    private static final String TOPIC = "ForbiddenTopic";
    private static final String GROUP = "ForbiddenGroup";

    @TempDir Path dir;

    @Test
    void shouldForbidAndAllowReadingAsTheReferenceDoes() throws Exception {
        List<String> reference = Standalone.onApache(dir, GroupForbiddenInteropTest::scenario);
        List<String> ours = Standalone.onBolide(GroupForbiddenInteropTest::scenario);
        assertThat(ours).isEqualTo(reference);
    }

    private static List<String> scenario(String ns, String broker) throws Exception {
        List<String> seen = new ArrayList<>();
        DefaultMQAdminExt admin = new DefaultMQAdminExt();
        admin.setNamesrvAddr(ns);
        admin.setInstanceName("forbidden-" + broker);
        admin.start();
        try (Wire wire = new Wire()) {
            admin.createAndUpdateTopicConfig(broker, new TopicConfig(TOPIC, 1, 1, 6));
            SubscriptionGroupConfig group = new SubscriptionGroupConfig();
            group.setGroupName(GROUP);
            admin.createAndUpdateSubscriptionGroupConfig(broker, group);
            Await.until(
                    Duration.ofSeconds(30),
                    () -> {
                        try {
                            return wire.send(broker, TOPIC, 0, 1, "forbidden").getCode() == 0;
                        } catch (Exception e) {
                            return false;
                        }
                    },
                    "a message stored");
            seen.add(
                    "read: "
                            + show(
                                    admin.updateAndGetGroupReadForbidden(
                                            broker, GROUP, TOPIC, null)));
            heartbeat(wire, broker);
            seen.add("pull allowed: " + pull(wire, broker, true));
            seen.add("heartbeat pull allowed: " + pull(wire, broker, false));
            seen.add(
                    "forbid: "
                            + show(
                                    admin.updateAndGetGroupReadForbidden(
                                            broker, GROUP, TOPIC, false)));
            seen.add("read again: " + show(forbidden(wire, broker, null)));
            seen.add("pull forbidden: " + pull(wire, broker, true));
            seen.add("heartbeat pull forbidden: " + pull(wire, broker, false));
            seen.add("other topic: " + show(forbidden(wire, broker, "OtherTopic")));
            seen.add(
                    "allow: "
                            + show(
                                    admin.updateAndGetGroupReadForbidden(
                                            broker, GROUP, TOPIC, true)));
            seen.add("heartbeat pull allowed again: " + pull(wire, broker, false));
        } finally {
            admin.shutdown();
        }
        return seen;
    }

    private static String show(GroupForbidden answer) {
        return answer.getGroup() + "/" + answer.getTopic() + " readable=" + answer.getReadable();
    }

    /** A read-only 353 over the wire for {@code topic} (null: the forbidden one). */
    private static GroupForbidden forbidden(Wire wire, String broker, String topic)
            throws Exception {
        UpdateGroupForbiddenRequestHeader header = new UpdateGroupForbiddenRequestHeader();
        header.setGroup(GROUP);
        header.setTopic(topic == null ? TOPIC : topic);
        RemotingCommand answer =
                wire.call(broker, RequestCode.UPDATE_AND_GET_GROUP_FORBIDDEN, header, null);
        assertThat(answer.getCode()).isZero();
        return GroupForbidden.decode(answer.getBody(), GroupForbidden.class);
    }

    /** The group's consumer, subscribed to the topic, heartbeats over {@code wire}'s connection. */
    private static void heartbeat(Wire wire, String broker) throws Exception {
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(GROUP);
        consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET);
        consumer.getSubscriptionDataSet().add(FilterAPI.buildSubscriptionData(TOPIC, "*"));
        HeartbeatData heartbeat = new HeartbeatData();
        heartbeat.setClientID("forbidden-client");
        heartbeat.getConsumerDataSet().add(consumer);
        RemotingCommand answer =
                wire.call(broker, RequestCode.HEART_BEAT, null, heartbeat.encode());
        assertThat(answer.getCode()).isZero();
    }

    /**
     * One pull of the group's queue 0 from offset 0, carrying its subscription or relying on the
     * heartbeat's: its code, remark and whether the message came.
     */
    private static String pull(Wire wire, String broker, boolean carried) throws Exception {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setTopic(TOPIC);
        header.setQueueId(0);
        header.setQueueOffset(0L);
        header.setMaxMsgNums(32);
        header.setSysFlag(carried ? 4 : 0); // 4: the subscription rides on the request
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(0L);
        header.setSubscription("*");
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        RemotingCommand answer = wire.call(broker, RequestCode.PULL_MESSAGE, header, null);
        byte[] body = answer.getBody();
        return answer.getCode()
                + " "
                + answer.getRemark()
                + (body == null
                        ? ""
                        : " "
                                + new String(body, StandardCharsets.ISO_8859_1)
                                        .contains("forbidden"));
    }
}
