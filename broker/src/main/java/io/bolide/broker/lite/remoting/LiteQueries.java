package io.bolide.broker.lite.remoting;

import io.bolide.broker.lite.Lite;
import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.GetBrokerLiteInfoResponseBody;
import io.bolide.protocol.body.GetLiteTopicInfoResponseBody;
import io.bolide.protocol.body.GetParentTopicInfoResponseBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicOffset;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetLiteTopicInfoRequestHeader;
import io.bolide.protocol.header.GetParentTopicInfoRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.store.MessageStore;
import io.netty.buffer.Unpooled;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The lite codes that read the broker's and a parent topic's lite state: GET_BROKER_LITE_INFO
 * (200074), GET_PARENT_TOPIC_INFO (200075) and GET_LITE_TOPIC_INFO (200076). Counters of the
 * reference's own machinery Bolide does not have (its order-info table, event map) are 0.
 */
final class LiteQueries {
    /** The store type the reference names its mapped-file store by. */
    static final String STORE_TYPE = "default";

    private final Lite lite;
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;

    LiteQueries(
            Lite lite,
            TopicTable topics,
            SubscriptionGroupTable groups,
            ConsumerOffsetTable offsets,
            MessageStore store) {
        this.lite = lite;
        this.topics = topics;
        this.groups = groups;
        this.offsets = offsets;
        this.store = store;
    }

    void brokerInfo(RemotingCommand request, Exchange exchange) {
        Map<String, Integer> ttl = new TreeMap<>();
        for (TopicConfig topic : topics.all().values()) {
            if (LiteGroups.isLite(topic)) {
                ttl.put(topic.topicName(), LiteGroups.expiration(topic));
            }
        }
        GetBrokerLiteInfoResponseBody body =
                new GetBrokerLiteInfoResponseBody(
                        STORE_TYPE,
                        lite.quotas().get().maxLiteTopics(),
                        lite.topics().count(),
                        (int) lite.subscriptions().count(),
                        0,
                        lite.topics().count(),
                        offsets.snapshot().offsetTable().size(),
                        0,
                        ttl,
                        LiteGroups.bound(groups));
        answer(exchange, body);
    }

    void parentTopicInfo(RemotingCommand request, Exchange exchange) {
        GetParentTopicInfoRequestHeader h =
                GetParentTopicInfoRequestHeader.decode(request.extFields());
        TopicConfig parent = LiteChecks.parent(topics, h.topic(), exchange);
        if (parent == null) {
            return;
        }
        GetParentTopicInfoResponseBody body =
                new GetParentTopicInfoResponseBody(
                        h.topic(),
                        LiteGroups.expiration(parent),
                        LiteGroups.bound(groups).get(h.topic()),
                        lite.topics().count(),
                        lite.topics().countUnder(h.topic()));
        answer(exchange, body);
    }

    void liteTopicInfo(RemotingCommand request, Exchange exchange) {
        GetLiteTopicInfoRequestHeader h = GetLiteTopicInfoRequestHeader.decode(request.extFields());
        if (LiteChecks.parent(topics, h.parentTopic(), exchange) == null) {
            return;
        }
        String queue = LiteNames.queueName(h.parentTopic(), h.liteTopic());
        long max = store.maxOffset(queue, 0);
        long min = 0;
        long last = 0;
        if (max > 0) {
            min = Math.max(0, store.minOffset(queue, 0));
            last = store.storeTimestamp(queue, 0, max - 1);
        }
        Set<GetLiteTopicInfoResponseBody.ClientGroup> readers = new LinkedHashSet<>();
        for (LiteSubscriptions.Reader r :
                lite.subscriptions().readers(h.parentTopic(), h.liteTopic())) {
            readers.add(new GetLiteTopicInfoResponseBody.ClientGroup(r.clientId(), r.group()));
        }
        GetLiteTopicInfoResponseBody body =
                new GetLiteTopicInfoResponseBody(
                        h.parentTopic(),
                        h.liteTopic(),
                        readers,
                        new TopicOffset(min, Math.max(0, max), last),
                        true);
        answer(exchange, body);
    }

    static void answer(Exchange exchange, Object body) {
        exchange.respond(
                ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(BodyCodec.encode(body)));
    }
}
