package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.LeakCheck;
import java.util.Set;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.filter.ExpressionType;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.CheckClientRequestBody;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumeType;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.MessageModel;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** SQL92 subscriptions on the wire, driven by Apache 5.4.0's classes in both serializations. */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
class BrokerSqlFilterTest {
    @RegisterExtension static final SharedBroker BOLIDE = new SharedBroker();

    private static ApacheCalls calls(SerializeType type) {
        return BOLIDE.calls(type);
    }

    private static SubscriptionData sql(String topic, String expression) {
        SubscriptionData subscription = new SubscriptionData(topic, expression);
        subscription.setExpressionType(ExpressionType.SQL92);
        subscription.setSubVersion(1000);
        return subscription;
    }

    private static byte[] heartbeat(String group, SubscriptionData subscription) {
        ConsumerData consumer = new ConsumerData();
        consumer.setGroupName(group);
        consumer.setConsumeType(ConsumeType.CONSUME_PASSIVELY);
        consumer.setMessageModel(MessageModel.CLUSTERING);
        consumer.setConsumeFromWhere(ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET);
        consumer.setSubscriptionDataSet(Set.of(subscription));
        HeartbeatData data = new HeartbeatData();
        data.setClientID("sql-client");
        data.setConsumerDataSet(Set.of(consumer));
        return data.encode();
    }

    private static RemotingCommand check(ApacheCalls apache, SubscriptionData subscription)
            throws Exception {
        CheckClientRequestBody body = new CheckClientRequestBody();
        body.setClientId("sql-client");
        body.setGroup("check-group");
        body.setSubscriptionData(subscription);
        return apache.call(RequestCode.CHECK_CLIENT_CONFIG, null, body.encode());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerCheckClientConfigAsTheReference(SerializeType type) throws Exception {
        try (ApacheCalls apache = calls(type)) {
            assertThat(check(apache, sql("T", "a > 5 AND b = 'x'")).getCode())
                    .isEqualTo(ResponseCode.SUCCESS);
            assertThat(check(apache, new SubscriptionData("T", "TagA")).getCode())
                    .isEqualTo(ResponseCode.SUCCESS);
            RemotingCommand bad = check(apache, sql("T", "a > 5 AND"));
            assertThat(bad.getCode()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
            assertThat(bad.getRemark()).contains("invalid SQL92 expression", "at column 10");
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldFilterHeartbeatSqlSubscriptionsAndRefuseInvalidOnes(SerializeType type)
            throws Exception {
        String topic = "SqlHeartbeat" + type;
        try (ApacheCalls apache = calls(type)) {
            apache.sendV2(topic, 0, "TagA", "a");
            apache.sendV2(topic, 0, "TagB", "b");
            apache.sendV2(topic, 0, "TagC", "c");
            apache.awaitDispatched(topic, 0, 3);
            String group = "sql-hb-" + type;
            apache.call(
                    RequestCode.HEART_BEAT,
                    null,
                    heartbeat(group, sql(topic, "TAGS IN ('TagA', 'TagC')")));
            RemotingCommand pulled = pull(apache, group, topic, null);
            assertThat(pulled.getCode()).as(pulled.getRemark()).isZero();
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getTags)
                    .containsExactly("TagA", "TagC");
            assertThat(pulled.getExtFields()).containsEntry("nextBeginOffset", "3");

            String badGroup = "sql-bad-" + type;
            apache.call(RequestCode.HEART_BEAT, null, heartbeat(badGroup, sql(topic, "TAGS >")));
            RemotingCommand refused = pull(apache, badGroup, topic, null);
            assertThat(refused.getCode()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldFilterPullsCarryingTheirOwnSqlExpression(SerializeType type) throws Exception {
        String topic = "SqlLitePull" + type;
        try (ApacheCalls apache = calls(type)) {
            apache.sendV2(topic, 0, "TagA", "a");
            apache.sendV2(topic, 0, "TagB", "b");
            apache.awaitDispatched(topic, 0, 2);
            RemotingCommand pulled = pull(apache, "lite-" + type, topic, "TAGS = 'TagB'");
            assertThat(pulled.getCode()).as(pulled.getRemark()).isZero();
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getTags)
                    .containsExactly("TagB");
            RemotingCommand none = pull(apache, "lite-" + type, topic, "TAGS = 'TagZ'");
            assertThat(none.getCode()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
            assertThat(none.getExtFields()).containsEntry("nextBeginOffset", "2");
            RemotingCommand bad = pull(apache, "lite-" + type, topic, "TAGS = ");
            assertThat(bad.getCode()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        }
    }

    /**
     * A pull from offset 0: with {@code sql}, carrying it (SUBSCRIPTION flag), else by heartbeat.
     */
    private static RemotingCommand pull(ApacheCalls apache, String group, String topic, String sql)
            throws Exception {
        PullMessageRequestHeader header = ApacheCalls.pullHeader(group, topic, 0, 0, sql, 0);
        if (sql != null) {
            header.setExpressionType(ExpressionType.SQL92);
        }
        return apache.client.invokeSync(
                apache.address, apache.request(RequestCode.PULL_MESSAGE, header, null), 5000);
    }
}
