package io.bolide.broker.consumer;

import io.bolide.broker.table.Perm;
import io.bolide.broker.table.QueueMappings;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.ConsumerData;
import io.bolide.protocol.body.HeartbeatData;
import io.bolide.protocol.body.ProducerData;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.ConsumerGroupRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Connection;
import io.netty.util.AttributeKey;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The clients the broker knows from heartbeats: consumer groups (members and subscriptions) and
 * producer groups. When a consumer group's members or subscribed topics change, every member is
 * told with a oneway NOTIFY_CONSUMER_IDS_CHANGED so it rebalances at once. Members leave by
 * UNREGISTER_CLIENT, by closing their connection, or by staying silent past the expiry.
 */
public final class ClientRegistry {
    private static final Logger LOG = LoggerFactory.getLogger(ClientRegistry.class);
    private static final AttributeKey<Boolean> WATCHED = AttributeKey.valueOf("bolide.clientWatch");

    private final ConcurrentHashMap<String, ConsumerGroup> consumers = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<String, ConcurrentHashMap<Connection, ClientChannel>>
            producers = new ConcurrentHashMap<>();
    private final TopicTable topics;
    private final SubscriptionGroupTable groups;
    private static final SubscriptionGroupConfig DEFAULTS =
            SubscriptionGroupConfig.builder("").build();

    /** Without subscription-group settings: every group has the defaults. */
    public ClientRegistry(TopicTable topics) {
        this(topics, null);
    }

    /**
     * With {@code groups}, each group's settings apply: its retry topic's queue count, and whether
     * members are told when the group changes.
     */
    public ClientRegistry(TopicTable topics, SubscriptionGroupTable groups) {
        this.topics = topics;
        this.groups = groups;
    }

    /** The static-topic mappings (#38), by which offset requests name logic queues. */
    public QueueMappings queueMappings() {
        return topics.mappings();
    }

    /** A group's settings, or null when it has none (and auto-creation is off). */
    public SubscriptionGroupConfig settings(String group) {
        return groups == null ? null : groups.get(group);
    }

    /**
     * A group's settings for a request of one of its clients: created with the defaults when
     * unknown and auto-creation is on; null when unknown and it is off. Without a settings table
     * every group has the defaults.
     */
    public SubscriptionGroupConfig settingsForRequest(String group) {
        return groups == null ? DEFAULTS : groups.find(group);
    }

    /**
     * Whether {@code group} is forbidden to read {@code topic} (UPDATE_AND_GET_GROUP_FORBIDDEN).
     */
    public boolean readForbidden(String group, String topic) {
        return groups != null && groups.readForbidden(group, topic);
    }

    private boolean notifies(String group) {
        SubscriptionGroupConfig settings = settings(group);
        return settings == null || settings.notifyConsumerIdsChangedEnable();
    }

    private int retryQueues(String group) {
        SubscriptionGroupConfig settings = settings(group);
        return settings == null ? 1 : Math.max(1, settings.retryQueueNums());
    }

    void heartbeat(HeartbeatData data, Connection connection, long now) {
        watchClose(connection);
        String clientId = data.clientID();
        for (ProducerData producer : data.producerDataSet()) {
            producers
                    .computeIfAbsent(producer.groupName(), g -> new ConcurrentHashMap<>())
                    .put(connection, new ClientChannel(connection, clientId, now));
        }
        for (ConsumerData consumer : data.consumerDataSet()) {
            String name = consumer.groupName();
            ConsumerGroup group = consumers.computeIfAbsent(name, ConsumerGroup::new);
            topics.createIfAbsent(
                    TopicTable.config(
                            NameRules.RETRY_TOPIC_PREFIX + name,
                            retryQueues(name),
                            Perm.READ | Perm.WRITE));
            if (group.heartbeat(connection, clientId, consumer, now) && notifies(name)) {
                notifyMembers(group);
            }
        }
    }

    public ConsumerGroup consumerGroup(String name) {
        return consumers.get(name);
    }

    void unregister(Connection connection, String producerGroup, String consumerGroup) {
        if (producerGroup != null) {
            ConcurrentHashMap<Connection, ClientChannel> group = producers.get(producerGroup);
            if (group != null) {
                group.remove(connection);
            }
        }
        if (consumerGroup != null) {
            ConsumerGroup group = consumers.get(consumerGroup);
            if (group != null && group.remove(connection) && notifies(consumerGroup)) {
                notifyMembers(group);
            }
        }
    }

    /** Forgets every membership of a closed connection. */
    void closed(Connection connection) {
        for (ConcurrentHashMap<Connection, ClientChannel> group : producers.values()) {
            group.remove(connection);
        }
        for (ConsumerGroup group : consumers.values()) {
            if (group.remove(connection)) {
                notifyMembers(group);
            }
        }
    }

    /** Drops members silent since before {@code cutoff} and closes their connections. */
    public void expire(long cutoff) {
        for (ConcurrentHashMap<Connection, ClientChannel> group : producers.values()) {
            group.values().removeIf(member -> member.lastSeenMillis < cutoff);
        }
        for (ConsumerGroup group : consumers.values()) {
            List<ClientChannel> expired = group.expire(cutoff);
            for (ClientChannel member : expired) {
                LOG.info("client {} of group {} expired", member.clientId, group.name);
                member.connection.close();
            }
            if (!expired.isEmpty()) {
                notifyMembers(group);
            }
        }
    }

    private void notifyMembers(ConsumerGroup group) {
        if (group.broadcasting()) {
            return;
        }
        ConsumerGroupRequestHeader header =
                new ConsumerGroupRequestHeader().consumerGroup(group.name);
        for (ClientChannel member : group.members()) {
            if (member.connection.isActive()) {
                member.connection.invokeOneway(
                        RequestCode.NOTIFY_CONSUMER_IDS_CHANGED, header, null);
            }
        }
    }

    /** A live connection of a producer of {@code group}, or null (transaction checks). */
    public Connection producerConnection(String group) {
        ConcurrentHashMap<Connection, ClientChannel> members = producers.get(group);
        if (members != null) {
            for (Connection connection : members.keySet()) {
                if (connection.isActive()) {
                    return connection;
                }
            }
        }
        return null;
    }

    /**
     * The live connection of the producer client {@code clientId}, or null: where a reply goes
     * (#38). A scan over the producer groups, as few as the clients that heartbeat here.
     */
    public Connection producerByClientId(String clientId) {
        if (clientId == null) {
            return null;
        }
        for (ConcurrentHashMap<Connection, ClientChannel> group : producers.values()) {
            for (ClientChannel member : group.values()) {
                if (clientId.equals(member.clientId) && member.connection.isActive()) {
                    return member.connection;
                }
            }
        }
        return null;
    }

    /** Every consumer group known from heartbeats, online or not. */
    public Iterable<ConsumerGroup> consumerGroups() {
        return consumers.values();
    }

    /** Every producer group known from heartbeats. */
    public Iterable<String> producerGroupNames() {
        return producers.keySet();
    }

    /** The members of a producer group, none when unknown. */
    public Collection<ClientChannel> producerGroup(String name) {
        Map<Connection, ClientChannel> group = producers.get(name);
        return group == null ? List.of() : group.values();
    }

    private void watchClose(Connection connection) {
        var attribute = connection.channel().attr(WATCHED);
        if (attribute.setIfAbsent(Boolean.TRUE) == null) {
            connection.channel().closeFuture().addListener(f -> closed(connection));
        }
    }
}
