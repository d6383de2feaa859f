package io.bolide.interop;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.netty.NettyClientConfig;
import org.apache.rocketmq.remoting.netty.NettyRemotingClient;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.GetMaxOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.ViewMessageRequestHeader;

/** Calls to any broker made with Apache 5.5.0's own remoting client and header classes. */
final class Wire implements AutoCloseable {
    private final NettyRemotingClient client = new NettyRemotingClient(new NettyClientConfig());

    Wire() {
        client.start();
    }

    RemotingCommand call(String address, int code, CommandCustomHeader header, byte[] body)
            throws Exception {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setBody(body);
        // Generous: the peer is often an Apache broker in a child JVM on a 2-core host that
        // CI and other builds share (a 5 s limit timed out once at a load average of 180).
        return client.invokeSync(address, request, 20_000);
    }

    /** Sends {@code request} as built by the caller (extension fields without a header class). */
    RemotingCommand invoke(String address, RemotingCommand request) throws Exception {
        return client.invokeSync(address, request, 20_000);
    }

    /** SEND_MESSAGE_V2 of {@code body} with tags, keys, a unique key and a user property. */
    RemotingCommand send(String address, String topic, int queueId, int i, String body)
            throws Exception {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("interop-pg");
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(4);
        header.setQueueId(queueId);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        Map<String, String> properties = new HashMap<>();
        properties.put(MessageConst.PROPERTY_TAGS, "Tag" + i);
        properties.put(MessageConst.PROPERTY_KEYS, "K" + i + " common");
        properties.put(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "UNIQ-" + i);
        properties.put("userProp", "v" + i);
        header.setProperties(MessageDecoder.messageProperties2String(properties));
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(false);
        return call(
                address,
                RequestCode.SEND_MESSAGE_V2,
                SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                body.getBytes(StandardCharsets.UTF_8));
    }

    /**
     * The record stored at commit-log {@code offset} (VIEW_MESSAGE_BY_ID), or null when the broker
     * has none there (yet) or does not answer.
     */
    MessageExt view(String address, long offset) {
        ViewMessageRequestHeader header = new ViewMessageRequestHeader();
        header.setOffset(offset);
        try {
            RemotingCommand answer = call(address, RequestCode.VIEW_MESSAGE_BY_ID, header, null);
            if (answer.getCode() != 0 || answer.getBody() == null) {
                return null;
            }
            return MessageDecoder.decode(ByteBuffer.wrap(answer.getBody()), true, false);
        } catch (Exception e) {
            return null;
        }
    }

    /** GET_MAX_OFFSET of a queue, or -1 when the broker refuses or does not answer. */
    long maxOffset(String address, String topic, int queueId) {
        GetMaxOffsetRequestHeader header = new GetMaxOffsetRequestHeader();
        header.setTopic(topic);
        header.setQueueId(queueId);
        try {
            RemotingCommand answer = call(address, RequestCode.GET_MAX_OFFSET, header, null);
            return answer.getCode() != 0 ? -1 : Long.parseLong(answer.getExtFields().get("offset"));
        } catch (Exception e) {
            return -1;
        }
    }

    @Override
    public void close() {
        client.shutdown();
    }
}
