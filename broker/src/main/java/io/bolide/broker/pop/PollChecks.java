package io.bolide.broker.pop;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.Exchange;
import java.util.function.Supplier;

/**
 * The checks NOTIFICATION and POLLING_INFO share, in the reference's order and with its codes and
 * remarks (which say "peeking" for both): broker readable, topic known and readable, queue id below
 * the topic's read queues (-1 passes: any queue), group known (or created, as the broker's settings
 * allow) and allowed to consume.
 */
final class PollChecks {
    private final Supplier<BrokerConfig> settings;
    private final TopicTable topics;
    private final ClientRegistry clients;

    PollChecks(Supplier<BrokerConfig> settings, TopicTable topics, ClientRegistry clients) {
        this.settings = settings;
        this.topics = topics;
        this.clients = clients;
    }

    /** True if the request may go on; otherwise it has been answered. */
    boolean admit(String group, String topic, int queueId, Exchange exchange) {
        BrokerConfig broker = settings.get();
        if (!Perm.readable(broker.brokerPermission())) {
            String who = broker.brokerIP1();
            return refuse(exchange, ResponseCode.NO_PERMISSION, forbidden("broker", who));
        }
        TopicConfig config = topics.get(topic);
        if (config == null) {
            return refuse(
                    exchange,
                    ResponseCode.TOPIC_NOT_EXIST,
                    "topic[" + topic + "] not exist, apply first please!" + Remarks.FAQ);
        }
        if (!Perm.readable(config.perm())) {
            return refuse(exchange, ResponseCode.NO_PERMISSION, forbidden("topic", topic));
        }
        if (queueId >= config.readQueueNums()) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "queueId["
                            + queueId
                            + "] is illegal, topic:["
                            + topic
                            + "] topicConfig.readQueueNums:["
                            + config.readQueueNums()
                            + "] consumer:["
                            + exchange.connection().remoteAddress()
                            + "]");
        }
        return groupMayConsume(clients, group, exchange);
    }

    /**
     * Group known (or created, as the settings allow) and allowed to consume; POP checks it too.
     */
    static boolean groupMayConsume(ClientRegistry clients, String group, Exchange exchange) {
        SubscriptionGroupConfig groupSettings = clients.settingsForRequest(group);
        if (groupSettings == null) {
            return refuse(
                    exchange,
                    ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST,
                    "subscription group [" + group + "] does not exist, " + Remarks.FAQ);
        }
        if (!groupSettings.consumeEnable()) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "subscription group no permission, " + group);
        }
        return true;
    }

    /**
     * The group is not forbidden to read the topic (UPDATE_AND_GET_GROUP_FORBIDDEN). The reference
     * checks it on pulls only; a POP is refused too, with the pull's code and remark, so that the
     * forbidding holds for every way a group reads, the gRPC SDKs' receive included.
     */
    static boolean readAllowed(
            ClientRegistry clients, String group, String topic, Exchange exchange) {
        if (clients.readForbidden(group, topic)) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the consumer group[" + group + "] is forbidden for topic[" + topic + "]");
        }
        return true;
    }

    private static String forbidden(String what, String name) {
        return "the " + what + "[" + name + "] peeking message is forbidden";
    }

    private static boolean refuse(Exchange exchange, int code, String remark) {
        exchange.respond(code, remark);
        return false;
    }
}
