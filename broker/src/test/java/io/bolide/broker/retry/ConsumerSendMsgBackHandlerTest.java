package io.bolide.broker.retry;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.BrokerConsumerTest;
import io.bolide.broker.SharedBroker;
import io.bolide.broker.TestBrokers;
import io.bolide.broker.table.Perm;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.testsupport.LeakCheck;
import io.bolide.testsupport.Scrape;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.apache.rocketmq.common.message.MessageClientExt;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.ConsumerSendMsgBackRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * CONSUMER_SEND_MSG_BACK driven by Apache 5.4.0's header class and remoting client in both
 * serializations: the copy in the retry topic, the chain of retries, and the dead-letter queue.
 */
@ExtendWith(LeakCheck.class)
class ConsumerSendMsgBackHandlerTest {
    // One 1 s level: every retry copy waits in the schedule topic, then reaches its retry topic.
    @RegisterExtension
    static final SharedBroker BOLIDE =
            new SharedBroker(
                    config ->
                            config.set("messageDelayLevel", "1s")
                                    .set("metricsExporterType", "PROM")
                                    .set("metricsPromExporterHost", "127.0.0.1")
                                    .set("metricsPromExporterPort", "0"));

    /** The endpoint's line counting dead letters of {@code group} and {@code topic}. */
    private static String deadLetters(String group, String topic, long count) {
        return "rocketmq_send_to_dlq_messages_total{cluster=\"DefaultCluster\",consumer_group=\""
                + group
                + "\",is_system=\"false\",node_id=\""
                + BOLIDE.broker().config().brokerName()
                + "\",node_type=\"broker\",topic=\""
                + topic
                + "\"} "
                + count
                + ".0\n";
    }

    private static ApacheCalls calls(SerializeType type) {
        return BOLIDE.calls(type);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldStoreRetryCopyInCreatedRetryTopicWithRewrittenProperties(SerializeType type)
            throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "SendBack" + type;
        String group = "sb-" + type;
        MessageExt original = sendAndPull(apache, topic, "TagA");

        RemotingCommand response =
                apache.call(RequestCode.CONSUMER_SEND_MSG_BACK, back(original, group, 0, 16), null);

        assertThat(response.getCode()).as(response.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        TopicConfig retry = TestBrokers.topicConfig(BOLIDE.broker(), "%RETRY%" + group);
        assertThat(retry.perm()).isEqualTo(Perm.READ | Perm.WRITE);
        assertThat(retry.readQueueNums()).isEqualTo(1);
        assertThat(retry.writeQueueNums()).isEqualTo(1);
        MessageExt copy = pullOne(apache, "%RETRY%" + group, 0);
        assertThat(copy.getReconsumeTimes()).isEqualTo(1);
        assertThat(copy.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
        assertThat(copy.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID))
                .isEqualTo(offsetId(original));
        assertThat(copy.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL)).isEqualTo("3");
        assertThat(copy.getProperty(MessageConst.PROPERTY_WAIT_STORE_MSG_OK)).isEqualTo("false");
        assertThat(copy.getProperty(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX))
                .isEqualTo("UNIQ-TagA");
        assertThat(copy.getTags()).isEqualTo("TagA");
        assertThat(copy.getKeys()).isEqualTo("KEY1 KEY2");
        assertThat(copy.getUserProperty("userProp")).isEqualTo("v1");
        assertThat(new String(copy.getBody(), StandardCharsets.UTF_8)).isEqualTo("body-TagA");
        assertThat(copy.getBornTimestamp()).isEqualTo(original.getBornTimestamp());
        assertThat(copy.getBornHost()).isEqualTo(original.getBornHost());
        assertThat(copy.getStoreHost()).isEqualTo(original.getStoreHost());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldKeepOriginAndRaiseDelayLevelOnEachFurtherRetry(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "SendBackTwice" + type;
        String group = "sb2-" + type;
        MessageExt original = sendAndPull(apache, topic, "TagB");
        assertThat(
                        apache.call(
                                        RequestCode.CONSUMER_SEND_MSG_BACK,
                                        back(original, group, 0, 16),
                                        null)
                                .getCode())
                .isZero();
        MessageExt first = pullOne(apache, "%RETRY%" + group, 0);

        assertThat(
                        apache.call(
                                        RequestCode.CONSUMER_SEND_MSG_BACK,
                                        back(first, group, 0, 16),
                                        null)
                                .getCode())
                .isZero();

        MessageExt second = pullOne(apache, "%RETRY%" + group, 1);
        assertThat(second.getReconsumeTimes()).isEqualTo(2);
        assertThat(second.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL)).isEqualTo("4");
        assertThat(second.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
        assertThat(second.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID))
                .isEqualTo(offsetId(original));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldUseExplicitDelayLevelOfTheRequest(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String group = "sb-level-" + type;
        MessageExt original = sendAndPull(apache, "SendBackLevel" + type, "TagL");

        assertThat(
                        apache.call(
                                        RequestCode.CONSUMER_SEND_MSG_BACK,
                                        back(original, group, 7, 16),
                                        null)
                                .getCode())
                .isZero();

        MessageExt copy = pullOne(apache, "%RETRY%" + group, 0);
        assertThat(copy.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL)).isEqualTo("7");
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldMoveMessageToDeadLetterQueueOnceMaxReconsumeTimesReached(SerializeType type)
            throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "SendBackDlq" + type;
        String group = "sb-dlq-" + type;
        MessageExt original = sendAndPull(apache, topic, "TagD");
        assertThat(
                        apache.call(
                                        RequestCode.CONSUMER_SEND_MSG_BACK,
                                        back(original, group, 0, 1),
                                        null)
                                .getCode())
                .isZero();
        MessageExt retried = pullOne(apache, "%RETRY%" + group, 0);

        RemotingCommand response =
                apache.call(RequestCode.CONSUMER_SEND_MSG_BACK, back(retried, group, 0, 1), null);

        assertThat(response.getCode()).as(response.getRemark()).isZero();
        TopicConfig dlq = TestBrokers.topicConfig(BOLIDE.broker(), "%DLQ%" + group);
        assertThat(dlq.perm()).isEqualTo(Perm.READ | Perm.WRITE);
        assertThat(dlq.writeQueueNums()).isEqualTo(1);
        MessageExt dead = pullOne(apache, "%DLQ%" + group, 0);
        assertThat(dead.getReconsumeTimes()).isEqualTo(2);
        assertThat(dead.getProperty(MessageConst.PROPERTY_RETRY_TOPIC)).isEqualTo(topic);
        assertThat(dead.getProperty(MessageConst.PROPERTY_ORIGIN_MESSAGE_ID))
                .isEqualTo(offsetId(original));
        assertThat(dead.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL)).isEqualTo("0");
        assertThat(apache.maxOffset("%RETRY%" + group, 0)).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldSendStraightToDeadLetterQueueForNegativeDelayLevel(SerializeType type)
            throws Exception {
        ApacheCalls apache = calls(type);
        String group = "sb-neg-" + type;
        MessageExt original = sendAndPull(apache, "SendBackNeg" + type, "TagN");

        assertThat(
                        apache.call(
                                        RequestCode.CONSUMER_SEND_MSG_BACK,
                                        back(original, group, -1, 16),
                                        null)
                                .getCode())
                .isZero();

        MessageExt dead = pullOne(apache, "%DLQ%" + group, 0);
        assertThat(dead.getReconsumeTimes()).isEqualTo(1);
        assertThat(apache.maxOffset("%RETRY%" + group, 0)).isZero();
        assertThat(Scrape.metrics(BOLIDE.broker().metricsPort()))
                .contains(deadLetters(group, "SendBackNeg" + type, 1));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRefuseOffsetWhereNoRecordStarts(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        MessageExt original = sendAndPull(apache, "SendBackBadOffset" + type, "TagX");
        for (long offset : new long[] {original.getCommitLogOffset() + 1, -5, Long.MAX_VALUE}) {
            ConsumerSendMsgBackRequestHeader header = back(original, "sb-bad-" + type, 0, 16);
            header.setOffset(offset);

            RemotingCommand response =
                    apache.call(RequestCode.CONSUMER_SEND_MSG_BACK, header, null);

            assertThat(response.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
            assertThat(response.getRemark()).isEqualTo("look message by offset failed, " + offset);
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRefuseInvalidGroupName(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        MessageExt original = sendAndPull(apache, "SendBackBadGroup" + type, "TagG");

        RemotingCommand response =
                apache.call(
                        RequestCode.CONSUMER_SEND_MSG_BACK,
                        back(original, "bad group!", 0, 16),
                        null);

        assertThat(response.getCode()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(TestBrokers.topicConfig(BOLIDE.broker(), "%RETRY%bad group!")).isNull();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldCreateRetryTopicWhenConsumerGroupHeartbeats(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String group = "sb-beat-" + type;
        assertThat(TestBrokers.topicConfig(BOLIDE.broker(), "%RETRY%" + group)).isNull();

        byte[] beat = BrokerConsumerTest.heartbeat("beat-" + type, group, "Beat" + type, "*");
        assertThat(apache.call(RequestCode.HEART_BEAT, null, beat).getCode()).isZero();

        TopicConfig retry = TestBrokers.topicConfig(BOLIDE.broker(), "%RETRY%" + group);
        assertThat(retry).isNotNull();
        assertThat(retry.perm()).isEqualTo(Perm.READ | Perm.WRITE);
        assertThat(retry.writeQueueNums()).isEqualTo(1);
        assertThat(apache.pull("%RETRY%" + group, 0, 0, "*", 0).getCode())
                .isEqualTo(ResponseCode.PULL_NOT_FOUND);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldDivertClientRetryPastMaximumToDeadLetterQueue(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String group = "sb-divert-" + type;
        SendMessageRequestHeader within = ApacheCalls.sendHeader("%RETRY%" + group, 0, "TagV");
        within.setReconsumeTimes(2);
        within.setMaxReconsumeTimes(2);
        SendMessageRequestHeader past = ApacheCalls.sendHeader("%RETRY%" + group, 0, "TagV");
        past.setReconsumeTimes(3);
        past.setMaxReconsumeTimes(2);
        past.setProperties(past.getProperties() + "DELAY\u00015\u0002");

        assertThat(send(apache, within).getCode()).isZero();
        assertThat(send(apache, past).getCode()).isZero();

        assertThat(pullOne(apache, "%RETRY%" + group, 0).getReconsumeTimes()).isEqualTo(2);
        MessageExt dead = pullOne(apache, "%DLQ%" + group, 0);
        assertThat(dead.getReconsumeTimes()).isEqualTo(3);
        assertThat(dead.getProperty(MessageConst.PROPERTY_DELAY_TIME_LEVEL)).isNull();
        assertThat(dead.getUserProperty("userProp")).isEqualTo("v1");
        assertThat(apache.maxOffset("%RETRY%" + group, 0)).isEqualTo(1);
        // As the reference labels a client's own retry: its producer group and the retry topic.
        assertThat(Scrape.metrics(BOLIDE.broker().metricsPort()))
                .contains(deadLetters("pg", "%RETRY%" + group, 1));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldApplyTheGroupsRetryQueuesAndItsMaximumWhenTheClientSendsNone(SerializeType type)
            throws Exception {
        ApacheCalls apache = calls(type);
        String group = "sb-settings-" + type;
        SubscriptionGroupConfig settings = new SubscriptionGroupConfig();
        settings.setGroupName(group);
        settings.setRetryQueueNums(3);
        settings.setRetryMaxTimes(0);
        RemotingCommand created =
                apache.call(
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        null,
                        RemotingSerializable.encode(settings));
        assertThat(created.getCode()).as(created.getRemark()).isZero();
        MessageExt original = sendAndPull(apache, "SendBackSettings" + type, "TagS");
        ConsumerSendMsgBackRequestHeader header = back(original, group, 0, 16);
        header.setMaxReconsumeTimes(null);

        RemotingCommand response = apache.call(RequestCode.CONSUMER_SEND_MSG_BACK, header, null);

        assertThat(response.getCode()).as(response.getRemark()).isZero();
        TopicConfig retry = TestBrokers.topicConfig(BOLIDE.broker(), "%RETRY%" + group);
        assertThat(retry.writeQueueNums()).isEqualTo(3);
        MessageExt dead = pullOne(apache, "%DLQ%" + group, 0);
        assertThat(dead.getReconsumeTimes()).isEqualTo(1);
    }

    private static RemotingCommand send(ApacheCalls apache, SendMessageRequestHeader header)
            throws Exception {
        return apache.call(
                RequestCode.SEND_MESSAGE_V2,
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                "retry".getBytes(StandardCharsets.UTF_8));
    }

    /** The offset id (what the reference records as ORIGIN_MESSAGE_ID), not the UNIQ_KEY. */
    private static String offsetId(MessageExt message) {
        return message instanceof MessageClientExt client
                ? client.getOffsetMsgId()
                : message.getMsgId();
    }

    private static ConsumerSendMsgBackRequestHeader back(
            MessageExt message, String group, int delayLevel, int maxReconsumeTimes) {
        ConsumerSendMsgBackRequestHeader header = new ConsumerSendMsgBackRequestHeader();
        header.setOffset(message.getCommitLogOffset());
        header.setGroup(group);
        header.setDelayLevel(delayLevel);
        header.setOriginMsgId(message.getMsgId());
        header.setOriginTopic(message.getTopic());
        header.setUnitMode(false);
        header.setMaxReconsumeTimes(maxReconsumeTimes);
        return header;
    }

    private static MessageExt sendAndPull(ApacheCalls apache, String topic, String tags)
            throws Exception {
        RemotingCommand sent = apache.sendV2(topic, 0, tags, "body-" + tags);
        assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        return pullOne(apache, topic, 0);
    }

    /** The message at {@code offset} of queue 0 of {@code topic}, once dispatched. */
    private static MessageExt pullOne(ApacheCalls apache, String topic, long offset)
            throws Exception {
        apache.awaitDispatched(topic, 0, offset + 1);
        RemotingCommand pulled = apache.pull(topic, 0, offset, "*", 0);
        assertThat(pulled.getCode()).as(pulled.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        List<MessageExt> messages = ApacheCalls.decode(pulled);
        assertThat(messages).isNotEmpty();
        return messages.get(0);
    }
}
