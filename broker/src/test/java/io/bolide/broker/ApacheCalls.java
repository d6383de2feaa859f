package io.bolide.broker;

import io.bolide.testsupport.Await;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;

/**
 * Requests built with Apache 5.4.0's own header classes and sent with its own remoting client, in
 * one serialization, to a broker address.
 */
public final class ApacheCalls implements AutoCloseable {
    final NettyRemotingClient client;
    final String address;
    final SerializeType type;
    private boolean shared;

    /** Makes {@link #close()} a no-op: the test class closes it once with {@link #shutdown()}. */
    ApacheCalls shared() {
        shared = true;
        return this;
    }

    public ApacheCalls(String address, SerializeType type) {
        this.client = new NettyRemotingClient(new NettyClientConfig());
        this.client.start();
        this.address = address;
        this.type = type;
    }

    public RemotingCommand call(int code, CommandCustomHeader header, byte[] body)
            throws Exception {
        return client.invokeSync(address, request(code, header, body), 5000);
    }

    RemotingCommand request(int code, CommandCustomHeader header, byte[] body) {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setSerializeTypeCurrentRPC(type);
        request.setBody(body);
        return request;
    }

    public static SendMessageRequestHeader sendHeader(String topic, int queueId, String tags) {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("pg");
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(queueId);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        Map<String, String> properties = new HashMap<>();
        properties.put(MessageConst.PROPERTY_TAGS, tags);
        properties.put(MessageConst.PROPERTY_KEYS, "KEY1 KEY2");
        properties.put(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "UNIQ-" + tags);
        properties.put("userProp", "v1");
        header.setProperties(MessageDecoder.messageProperties2String(properties));
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(false);
        return header;
    }

    /** SEND_MESSAGE_V2 (short keys), as the Java producer sends it. */
    public RemotingCommand sendV2(String topic, int queueId, String tags, String body)
            throws Exception {
        SendMessageRequestHeaderV2 v2 =
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                        sendHeader(topic, queueId, tags));
        return call(RequestCode.SEND_MESSAGE_V2, v2, body.getBytes(StandardCharsets.UTF_8));
    }

    /** SEND_MESSAGE (long keys), as the Go client sends it. */
    RemotingCommand sendV1(String topic, int queueId, String tags, byte[] body) throws Exception {
        return call(RequestCode.SEND_MESSAGE, sendHeader(topic, queueId, tags), body);
    }

    static PullMessageRequestHeader pullHeader(
            String group,
            String topic,
            int queueId,
            long offset,
            String subscription,
            long suspendMillis) {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(group);
        header.setTopic(topic);
        header.setQueueId(queueId);
        header.setQueueOffset(offset);
        header.setMaxMsgNums(32);
        header.setSysFlag(
                PullSysFlag.buildSysFlag(false, suspendMillis > 0, subscription != null, false));
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(suspendMillis);
        header.setSubscription(subscription);
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        return header;
    }

    public RemotingCommand pull(
            String topic, int queueId, long offset, String subscription, long hold)
            throws Exception {
        return client.invokeSync(
                address,
                request(
                        RequestCode.PULL_MESSAGE,
                        pullHeader("cg", topic, queueId, offset, subscription, hold),
                        null),
                hold + 5000);
    }

    /** GET_MAX_OFFSET of a queue. */
    public long maxOffset(String topic, int queueId) throws Exception {
        GetMaxOffsetRequestHeader header = new GetMaxOffsetRequestHeader();
        header.setTopic(topic);
        header.setQueueId(queueId);
        RemotingCommand response = call(RequestCode.GET_MAX_OFFSET, header, null);
        return Long.parseLong(response.getExtFields().get("offset"));
    }

    /** Waits until {@code count} messages of the queue are dispatched (readable by pulls). */
    public void awaitDispatched(String topic, int queueId, long count) {
        Await.until(
                java.time.Duration.ofSeconds(5),
                () -> {
                    try {
                        return maxOffset(topic, queueId) >= count;
                    } catch (Exception e) {
                        throw new IllegalStateException(e);
                    }
                },
                "dispatch of " + count + " messages to " + topic);
    }

    public static List<MessageExt> decode(RemotingCommand response) {
        return MessageDecoder.decodes(ByteBuffer.wrap(response.getBody()));
    }

    @Override
    public void close() {
        if (!shared) {
            client.shutdown();
        }
    }

    void shutdown() {
        client.shutdown();
    }
}
