package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.LeakCheck;
import java.util.List;
import java.util.Set;
import org.apache.rocketmq.common.MixAll;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.body.LockBatchResponseBody;
import org.apache.rocketmq.remoting.protocol.body.UnlockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.header.QueryMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.ViewMessageRequestHeader;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * LOCK_BATCH_MQ / UNLOCK_BATCH_MQ, QUERY_MESSAGE and VIEW_MESSAGE_BY_ID, driven by Apache 5.4.0's
 * own bodies, headers and remoting client in both serializations.
 */
@ExtendWith(LeakCheck.class)
class OrderlyAndQueryHandlersTest {
    @RegisterExtension static final SharedBroker BOLIDE = new SharedBroker();

    private static ApacheCalls calls(SerializeType type) {
        return BOLIDE.calls(type);
    }

    private static Set<MessageQueue> lock(
            ApacheCalls apache, String group, String client, Set<MessageQueue> queues)
            throws Exception {
        LockBatchRequestBody body = new LockBatchRequestBody();
        body.setConsumerGroup(group);
        body.setClientId(client);
        body.setMqSet(queues);
        RemotingCommand response = apache.call(RequestCode.LOCK_BATCH_MQ, null, body.encode());
        assertThat(response.getCode()).as(response.getRemark()).isZero();
        return LockBatchResponseBody.decode(response.getBody(), LockBatchResponseBody.class)
                .getLockOKMQSet();
    }

    private static void unlock(
            ApacheCalls apache, String group, String client, Set<MessageQueue> queues)
            throws Exception {
        UnlockBatchRequestBody body = new UnlockBatchRequestBody();
        body.setConsumerGroup(group);
        body.setClientId(client);
        body.setMqSet(queues);
        RemotingCommand response = apache.call(RequestCode.UNLOCK_BATCH_MQ, null, body.encode());
        assertThat(response.getCode()).as(response.getRemark()).isZero();
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldLockQueuesForOneClientAtATimeAndReleaseOnUnlock(SerializeType type)
            throws Exception {
        ApacheCalls apache = calls(type);
        String group = "order-" + type;
        MessageQueue q0 = new MessageQueue("Ordered", "broker-a", 0);
        MessageQueue q1 = new MessageQueue("Ordered", "broker-a", 1);

        assertThat(lock(apache, group, "c1", Set.of(q0))).containsExactly(q0);
        assertThat(lock(apache, group, "c2", Set.of(q0, q1))).containsExactly(q1);
        assertThat(lock(apache, group, "c1", Set.of(q0, q1))).containsExactly(q0);

        unlock(apache, group, "c1", Set.of(q0, q1));
        assertThat(lock(apache, group, "c2", Set.of(q0, q1))).containsExactlyInAnyOrder(q0, q1);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldRefuseLockRequestWithoutBody(SerializeType type) throws Exception {
        RemotingCommand response = calls(type).call(RequestCode.LOCK_BATCH_MQ, null, null);
        assertThat(response.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    private static QueryMessageRequestHeader query(String topic, String key, boolean unique) {
        QueryMessageRequestHeader header = new QueryMessageRequestHeader();
        header.setTopic(topic);
        header.setKey(key);
        header.setMaxNum(unique ? 1000 : 16);
        header.setBeginTimestamp(0L);
        header.setEndTimestamp(Long.MAX_VALUE);
        header.setIndexType(unique ? "U" : "K");
        return header;
    }

    private static RemotingCommand callQuery(
            ApacheCalls apache, String topic, String key, boolean unique) throws Exception {
        RemotingCommand request =
                apache.request(RequestCode.QUERY_MESSAGE, query(topic, key, unique), null);
        request.addExtField(MixAll.UNIQUE_MSG_QUERY_FLAG, Boolean.toString(unique));
        return apache.client.invokeSync(apache.address, request, 5000);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldFindStoredMessagesByKeyAndByUniqueKey(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "Query" + type;
        for (String tag : List.of("a", "b", "c")) {
            assertThat(apache.sendV2(topic, 0, tag, "body-" + tag).getCode()).isZero();
        }
        apache.awaitDispatched(topic, 0, 3);

        RemotingCommand byKey = callQuery(apache, topic, "KEY2", false);
        assertThat(byKey.getCode()).as(byKey.getRemark()).isZero();
        assertThat(byKey.getExtFields())
                .containsKeys("indexLastUpdateTimestamp", "indexLastUpdatePhyoffset");
        assertThat(ApacheCalls.decode(byKey))
                .extracting(MessageExt::getTags)
                .containsExactlyInAnyOrder("a", "b", "c");

        RemotingCommand byUniq = callQuery(apache, topic, "UNIQ-b", true);
        assertThat(byUniq.getCode()).as(byUniq.getRemark()).isZero();
        assertThat(ApacheCalls.decode(byUniq))
                .singleElement()
                .satisfies(m -> assertThat(m.getTags()).isEqualTo("b"));
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerQueryNotFoundForUnknownKey(SerializeType type) throws Exception {
        RemotingCommand response = callQuery(calls(type), "Query" + type, "no-such-key", false);
        assertThat(response.getCode()).isEqualTo(ResponseCode.QUERY_NOT_FOUND);
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldViewMessageByItsOffsetId(SerializeType type) throws Exception {
        ApacheCalls apache = calls(type);
        String topic = "View" + type;
        RemotingCommand sent = apache.sendV2(topic, 0, "v", "viewed");
        assertThat(sent.getCode()).isZero();
        long offset = MessageDecoder.decodeMessageId(sent.getExtFields().get("msgId")).getOffset();

        ViewMessageRequestHeader header = new ViewMessageRequestHeader();
        header.setTopic(topic);
        header.setOffset(offset);
        RemotingCommand view = apache.call(RequestCode.VIEW_MESSAGE_BY_ID, header, null);
        assertThat(view.getCode()).as(view.getRemark()).isZero();
        MessageExt message = ApacheCalls.decode(view).get(0);
        assertThat(message.getTopic()).isEqualTo(topic);
        assertThat(message.getCommitLogOffset()).isEqualTo(offset);
        assertThat(new String(message.getBody(), java.nio.charset.StandardCharsets.UTF_8))
                .isEqualTo("viewed");

        header.setOffset(offset + 1);
        RemotingCommand miss = apache.call(RequestCode.VIEW_MESSAGE_BY_ID, header, null);
        assertThat(miss.getCode()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }
}
