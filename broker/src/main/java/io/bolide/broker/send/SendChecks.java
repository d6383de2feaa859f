package io.bolide.broker.send;

import io.bolide.broker.codes.Remarks;
import io.bolide.broker.retry.RetrySendDiversion;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import java.util.Set;
import java.util.function.IntSupplier;

/**
 * The checks a send passes before anything is stored, in the reference broker's order and with its
 * response codes: broker writable, topic name, system topics, topic known (or auto-created from the
 * default topic), queue id in range, topic writable, sizes.
 */
final class SendChecks {
    /** Topics no producer may send to (the reference's TopicValidator list). */
    private static final Set<String> NOT_ALLOWED =
            Set.of(
                    "SCHEDULE_TOPIC_XXXX",
                    "RMQ_SYS_TRANS_HALF_TOPIC",
                    "RMQ_SYS_TRANS_OP_HALF_TOPIC",
                    "TRANS_CHECK_MAX_TIME_TOPIC",
                    "SELF_TEST_TOPIC",
                    "OFFSET_MOVED_EVENT");

    private final SendStamp stamp;
    private final IntSupplier permission;
    private final TopicTable topics;
    private final String brokerAddress;
    private final BrokerStats stats;

    /**
     * @param permission the broker's permission bits as they are now (brokerPermission changes
     *     live)
     */
    SendChecks(
            SendStamp stamp,
            IntSupplier permission,
            TopicTable topics,
            String brokerAddress,
            BrokerStats stats) {
        this.stamp = stamp;
        this.permission = permission;
        this.topics = topics;
        this.brokerAddress = brokerAddress;
        this.stats = stats;
    }

    /**
     * Static topics (#38): moves the header from the logic queue it names to this broker's physical
     * queue; null after answering {@code exchange} with the refusal.
     */
    LogicPlacement place(SendMessageRequestHeader header, Exchange exchange) {
        LogicPlacement placed =
                LogicPlacement.of(topics.mappings(), header.topic(), header.queueId());
        if (placed.refusal() != null) {
            exchange.respond(ResponseCode.NOT_LEADER_FOR_QUEUE, placed.refusal());
            return null;
        }
        header.queueId(placed.physicalId());
        return placed;
    }

    /** The topic to store into, or null after answering {@code exchange} with the refusal. */
    TopicConfig topicFor(SendMessageRequestHeader header, Exchange exchange) {
        String sentTo = header.topic();
        if (RetrySendDiversion.divert(header, topics)) { // a client's own retry past the maximum
            // Labelled as the reference does: the sending group and the retry topic sent to.
            String group = header.producerGroup();
            stats.deadLettered(group != null ? group : "", sentTo);
        }
        String topic = header.topic();
        if (!nameAllowed(topic, exchange)) {
            return null;
        }
        TopicConfig config = lookup(header);
        if (config == null) {
            return refuse(
                    exchange,
                    ResponseCode.TOPIC_NOT_EXIST,
                    "topic[" + topic + "] not exist, apply first please!" + Remarks.FAQ);
        }
        int queueId = header.queueId();
        if (queueId >= Math.max(config.readQueueNums(), config.writeQueueNums())) {
            return refuse(
                    exchange,
                    ResponseCode.INVALID_PARAMETER,
                    "request queueId["
                            + queueId
                            + "] is illegal, "
                            + config
                            + " Producer: "
                            + exchange.connection().remoteAddress());
        }
        if (!Perm.writable(config.perm())) {
            return refuse(
                    exchange,
                    ResponseCode.NO_PERMISSION,
                    "the topic[" + topic + "] sending message is forbidden");
        }
        return config;
    }

    private boolean nameAllowed(String topic, Exchange exchange) {
        String refusal = null;
        int code = ResponseCode.NO_PERMISSION;
        if (!Perm.writable(permission.getAsInt())) {
            refusal = "the broker[" + brokerAddress + "] sending message is forbidden";
        } else if ((refusal = NameRules.topicProblem(topic)) != null) {
            code = ResponseCode.INVALID_PARAMETER;
        } else if (NOT_ALLOWED.contains(topic)) {
            refusal = "Sending message to topic[" + topic + "] is forbidden.";
        }
        if (refusal != null) {
            refuse(exchange, code, refusal);
            return false;
        }
        return true;
    }

    private TopicConfig lookup(SendMessageRequestHeader header) {
        String topic = header.topic();
        TopicConfig existing = topics.get(topic);
        if (existing != null) {
            return existing;
        }
        if (topic.startsWith(NameRules.RETRY_TOPIC_PREFIX)) {
            return topics.createIfAbsent(TopicTable.config(topic, 1, Perm.READ | Perm.WRITE));
        }
        return topics.getOrCreate(topic, header.defaultTopic(), header.defaultTopicQueueNums());
    }

    /**
     * Whether a body of this size may be stored; answers if not. (Properties too long for their
     * 16-bit length field are refused when the record is encoded.)
     */
    boolean sizesAllowed(int bodyLength, Exchange exchange) {
        if (bodyLength <= stamp.now().maxMessageSize()) {
            return true;
        }
        refuse(exchange, ResponseCode.MESSAGE_ILLEGAL, illegalRemark());
        return false;
    }

    /** The remark of a refused size, with the limit in force now (maxMessageSize is live). */
    String illegalRemark() {
        return stamp.now().illegalRemark();
    }

    /** The settings the send path takes, as they are now. */
    SendStamp stamp() {
        return stamp;
    }

    private static TopicConfig refuse(Exchange exchange, int code, String remark) {
        exchange.respond(code, remark);
        return null;
    }

    /** Picks a random writable queue for a negative queue id, as the reference does. */
    static int chooseQueue(int requested, TopicConfig topic) {
        if (requested >= 0) {
            return requested;
        }
        return java.util.concurrent.ThreadLocalRandom.current().nextInt(topic.writeQueueNums());
    }
}
