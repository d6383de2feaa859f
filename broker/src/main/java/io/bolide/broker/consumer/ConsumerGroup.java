package io.bolide.broker.consumer;

import io.bolide.broker.filter.Subscription;
import io.bolide.protocol.body.ConsumeType;
import io.bolide.protocol.body.ConsumerData;
import io.bolide.protocol.body.MessageModel;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.remoting.Connection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A consumer group as heartbeats describe it: its members (one per connection) and the topic
 * subscriptions pulls without their own expression are filtered by.
 */
public final class ConsumerGroup {
    public final String name;
    private final ConcurrentHashMap<Connection, ClientChannel> members = new ConcurrentHashMap<>();
    private volatile Map<String, Subscription> subscriptions = Map.of();
    private volatile MessageModel messageModel = MessageModel.CLUSTERING;
    private volatile ConsumerData lastHeartbeat;

    ConsumerGroup(String name) {
        this.name = name;
    }

    /** Records a heartbeat; returns whether the member set or the subscribed topics changed. */
    boolean heartbeat(Connection connection, String clientId, ConsumerData data, long now) {
        if (data.messageModel() != null) {
            messageModel = data.messageModel();
        }
        lastHeartbeat = data;
        ClientChannel member = members.get(connection);
        boolean changed = false;
        if (member == null || !member.clientId.equals(clientId)) {
            members.put(connection, new ClientChannel(connection, clientId, now));
            changed = true;
        } else {
            member.lastSeenMillis = now;
        }
        return updateSubscriptions(data) || changed;
    }

    private synchronized boolean updateSubscriptions(ConsumerData data) {
        Map<String, Subscription> old = subscriptions;
        Map<String, Subscription> next = new HashMap<>();
        for (SubscriptionData sub : data.subscriptionDataSet()) {
            Subscription current = old.get(sub.topic());
            boolean newer = current == null || sub.subVersion() > current.subVersion();
            next.put(sub.topic(), newer ? Subscription.of(sub) : current);
        }
        boolean topicsChanged = !next.keySet().equals(old.keySet());
        if (topicsChanged || !next.equals(old)) {
            subscriptions = Map.copyOf(next);
        }
        return topicsChanged;
    }

    public Subscription subscription(String topic) {
        return subscriptions.get(topic);
    }

    /** Whether the members are push consumers (the broker's records are pushed to the app). */
    public boolean consumesPassively() {
        ConsumerData last = lastHeartbeat;
        return last != null && last.consumeType() == ConsumeType.CONSUME_PASSIVELY;
    }

    /** Whether the members consume by broadcast (each gets every message). */
    public boolean broadcasting() {
        return messageModel == MessageModel.BROADCASTING;
    }

    /** Removes the member on {@code connection}; returns whether there was one. */
    boolean remove(Connection connection) {
        return members.remove(connection) != null;
    }

    /** Removes members silent since before {@code cutoff}; returns the removed ones. */
    List<ClientChannel> expire(long cutoff) {
        List<ClientChannel> expired = new ArrayList<>();
        for (ClientChannel member : members.values()) {
            if (member.lastSeenMillis < cutoff && members.remove(member.connection, member)) {
                expired.add(member);
            }
        }
        return expired;
    }

    /** Client ids of the members, in no particular order, without duplicates. */
    List<String> clientIds() {
        List<String> ids = new ArrayList<>(members.size());
        for (ClientChannel member : members.values()) {
            if (!ids.contains(member.clientId)) {
                ids.add(member.clientId);
            }
        }
        return ids;
    }

    public Iterable<ClientChannel> members() {
        return members.values();
    }

    public boolean isEmpty() {
        return members.isEmpty();
    }

    /** The subscriptions by topic, as the members' heartbeats last stated them. */
    public Map<String, Subscription> subscriptions() {
        return subscriptions;
    }

    /** The group's consumer data from its latest heartbeat (consume type, start point), or null. */
    public ConsumerData lastHeartbeat() {
        return lastHeartbeat;
    }
}
