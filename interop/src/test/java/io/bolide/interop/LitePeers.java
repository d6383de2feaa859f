package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.rocketmq.common.lite.LiteSubscriptionAction;
import org.apache.rocketmq.common.lite.LiteSubscriptionDTO;
import org.apache.rocketmq.common.message.MessageConst;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.LiteSubscriptionCtlRequestBody;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.LiteSubscriptionCtlRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;

/**
 * Setting up the same lite-topic state on any broker with Apache 5.5.0's own classes: a LITE parent
 * topic, a group bound to it, lite sends and lite subscription changes.
 */
final class LitePeers {
    private LitePeers() {}

    static void createTopic(Wire wire, String address, String topic, String type) throws Exception {
        CreateTopicRequestHeader header = new CreateTopicRequestHeader();
        header.setTopic(topic);
        header.setDefaultTopic("TBW102");
        header.setReadQueueNums(1);
        header.setWriteQueueNums(1);
        header.setPerm(6);
        header.setTopicFilterType("SINGLE_TAG");
        header.setTopicSysFlag(0);
        header.setOrder(false);
        header.setAttributes("+message.type=" + type);
        ok(wire.call(address, RequestCode.UPDATE_AND_CREATE_TOPIC, header, null));
    }

    /** A group, bound to {@code parent} when it is not null. */
    static void createGroup(Wire wire, String address, String group, String parent)
            throws Exception {
        createGroupWith(
                wire,
                address,
                group,
                parent == null ? Map.of() : Map.of("lite.bind.topic", parent));
    }

    /** A group with {@code attributes}, each sent as the reference's admin sends it (+name). */
    static void createGroupWith(
            Wire wire, String address, String group, Map<String, String> attributes)
            throws Exception {
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        if (!attributes.isEmpty()) {
            Map<String, String> signed = new HashMap<>();
            attributes.forEach((name, value) -> signed.put("+" + name, value));
            config.setAttributes(signed);
        }
        ok(
                wire.call(
                        address,
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        null,
                        RemotingSerializable.encode(config)));
    }

    /** SEND_MESSAGE_V2 of one message of lite topic {@code lite} under {@code parent}. */
    static void send(Wire wire, String address, String parent, String lite, String body)
            throws Exception {
        SendMessageRequestHeader header = new SendMessageRequestHeader();
        header.setProducerGroup("lite-pg");
        header.setTopic(parent);
        header.setDefaultTopic("TBW102");
        header.setDefaultTopicQueueNums(1);
        header.setQueueId(0);
        header.setSysFlag(0);
        header.setBornTimestamp(System.currentTimeMillis());
        header.setFlag(0);
        Map<String, String> properties = new HashMap<>();
        properties.put(MessageConst.PROPERTY_LITE_TOPIC, lite);
        properties.put(MessageConst.PROPERTY_UNIQ_CLIENT_MESSAGE_ID_KEYIDX, "U-" + body);
        header.setProperties(MessageDecoder.messageProperties2String(properties));
        header.setReconsumeTimes(0);
        header.setUnitMode(false);
        header.setBatch(false);
        ok(
                wire.call(
                        address,
                        RequestCode.SEND_MESSAGE_V2,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(header),
                        body.getBytes(StandardCharsets.UTF_8)));
    }

    /** LITE_SUBSCRIPTION_CTL of one change. */
    static RemotingCommand ctl(
            Wire wire,
            String address,
            LiteSubscriptionAction action,
            String client,
            String group,
            String parent,
            Set<String> lites)
            throws Exception {
        return wire.call(
                address,
                RequestCode.LITE_SUBSCRIPTION_CTL,
                new LiteSubscriptionCtlRequestHeader(),
                ctlBody(action, client, group, parent, lites));
    }

    /** The body of a LITE_SUBSCRIPTION_CTL of one change. */
    static byte[] ctlBody(
            LiteSubscriptionAction action,
            String client,
            String group,
            String parent,
            Set<String> lites) {
        LiteSubscriptionDTO change = new LiteSubscriptionDTO();
        change.setAction(action);
        change.setClientId(client);
        change.setGroup(group);
        change.setTopic(parent);
        change.setLiteTopicSet(lites);
        LiteSubscriptionCtlRequestBody body = new LiteSubscriptionCtlRequestBody();
        body.setSubscriptionSet(Set.of(change));
        return body.encode();
    }

    static RemotingCommand ok(RemotingCommand answer) {
        assertThat(answer.getCode()).as(answer.getRemark()).isZero();
        return answer;
    }
}
