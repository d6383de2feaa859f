package io.bolide.broker.lite;

import io.bolide.protocol.body.OffsetOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * Which lite topics each client of a group reads, under which parent topic: what a lite push
 * consumer's SyncLiteSubscription calls set and what its receives read. Kept in memory, as the
 * reference's registry is: a client sends its complete set again every 30 s and after reconnecting.
 */
public final class LiteSubscriptions {
    /** How a sync changes a client's set (the v2 {@code LiteSubscriptionAction}, by number). */
    public enum Action {
        /** Adds the given lite topics. */
        PARTIAL_ADD,
        /** Removes the given lite topics. */
        PARTIAL_REMOVE,
        /** The given lite topics become the whole set. */
        COMPLETE_ADD,
        /** The client reads no lite topic any more. */
        COMPLETE_REMOVE
    }

    private record Key(String group, String clientId) {}

    /** One client's subscription: its parent topic, lite topics and when a sync last set it. */
    private static final class Subscriber {
        final String parent;
        final Set<String> lites;
        volatile long updated;

        Subscriber(String parent, Set<String> lites, long updated) {
            this.parent = parent;
            this.lites = lites;
            this.updated = updated;
        }

        String parent() {
            return parent;
        }

        Set<String> lites() {
            return lites;
        }
    }

    /** Told when the broker itself drops a lite topic from a client's set (exclusive mode). */
    public interface Dropped {
        void dropped(String group, String clientId, String parent, String lite);
    }

    private final Map<Key, Subscriber> subscribers = new ConcurrentHashMap<>();
    private final Supplier<LiteQuotas> quotas;
    private final LongSupplier clock;
    private volatile BiConsumer<String, String> changed = (group, clientId) -> {};
    private volatile LiteGroupRules rules = LiteGroupRules.DEFAULTS;
    private volatile LiteOffsetResets resets = LiteOffsetResets.NONE;
    private final List<Dropped> dropped = new CopyOnWriteArrayList<>();
    private final LiteReady ready = new LiteReady();

    public LiteSubscriptions(LiteQuotas quotas) {
        this(() -> quotas, System::currentTimeMillis);
    }

    public LiteSubscriptions(LiteQuotas quotas, LongSupplier clock) {
        this(() -> quotas, clock);
    }

    /** Subscriptions within {@code quotas}, asked at each sync: the quota changes live. */
    public LiteSubscriptions(Supplier<LiteQuotas> quotas, LongSupplier clock) {
        this.quotas = quotas;
        this.clock = clock;
    }

    /** The lite topics of each client that may have messages for it (what a pop serves). */
    public LiteReady ready() {
        return ready;
    }

    /**
     * What the groups' attributes say: which consume exclusively (a lite topic one client of such a
     * group adds is dropped from every other client of the group, each told through {@link
     * #onDropped}), which reset offsets on a move or an unsubscription, each one's client quota.
     */
    public void rules(LiteGroupRules groups) {
        rules = groups;
    }

    /** The groups' rules in force. */
    public LiteGroupRules rules() {
        return rules;
    }

    /** Where offset resets go (an add's {@link OffsetOption}, a group's reset attributes). */
    public void resets(LiteOffsetResets target) {
        resets = target;
    }

    /** Adds a listener told of each lite topic the broker drops from a client's set. */
    public void onDropped(Dropped listener) {
        dropped.add(listener);
    }

    /**
     * Tells {@code listener} (group, client id) after each sync that may have changed a client's
     * set: a lite pop held for that client looks again.
     */
    public void onChange(BiConsumer<String, String> listener) {
        changed = listener;
    }

    /**
     * Applies one sync of {@code clientId} in {@code group} reading {@code parent}.
     *
     * @throws LiteQuotaExceeded when the client's or the broker's quota would be passed; nothing
     *     changes then
     */
    public void sync(
            Action action, String parent, String group, String clientId, Collection<String> lites)
            throws LiteQuotaExceeded {
        sync(action, parent, group, clientId, lites, null);
    }

    /**
     * Applies one sync; a PARTIAL_ADD with an {@code option} then moves the group's offset on each
     * of its lite topics as the option says (null: where they are).
     *
     * @throws LiteQuotaExceeded when the client's or the broker's quota would be passed; nothing
     *     changes then
     */
    public synchronized void sync(
            Action action,
            String parent,
            String group,
            String clientId,
            Collection<String> lites,
            OffsetOption option)
            throws LiteQuotaExceeded {
        Key key = new Key(group, clientId);
        Subscriber now = subscribers.get(key);
        if (now != null && !now.parent().equals(parent)) {
            // A client binds one parent topic per group: a new one replaces the old.
            subscribers.remove(key);
            unready(key, now, now.lites());
            now = null;
        }
        switch (action) {
            case PARTIAL_ADD -> {
                add(key, parent, now, lites, false);
                if (option != null) {
                    for (String lite : lites) {
                        resets.reset(group, parent, lite, option);
                    }
                }
            }
            case COMPLETE_ADD -> add(key, parent, now, lites, true);
            case PARTIAL_REMOVE -> remove(key, parent, now, lites);
            case COMPLETE_REMOVE -> {
                if (now != null && subscribers.remove(key, now)) {
                    unready(key, now, now.lites());
                }
            }
            default -> throw new IllegalArgumentException("unknown action " + action);
        }
        changed.accept(group, clientId);
    }

    /** PARTIAL_REMOVE; with {@code lite.sub.reset.offset.unsubscribe}, each removed to 0. */
    private void remove(Key key, String parent, Subscriber now, Collection<String> lites) {
        if (now == null) {
            return;
        }
        boolean reset = rules.resetOnUnsubscribe(key.group());
        List<String> gone = new ArrayList<>(lites.size());
        for (String lite : lites) {
            if (now.lites().remove(lite)) {
                gone.add(lite);
                if (reset) {
                    resets.reset(key.group(), parent, lite, LiteOffsetResets.TO_START);
                }
            }
        }
        unready(key, now, gone);
        now.updated = clock.getAsLong();
    }

    private void add(
            Key key, String parent, Subscriber now, Collection<String> lites, boolean complete)
            throws LiteQuotaExceeded {
        Set<String> next = ConcurrentHashMap.newKeySet();
        if (now != null && !complete) {
            next.addAll(now.lites());
        }
        next.addAll(lites);
        long quota = rules.clientQuota(key.group());
        if (next.size() > quota) {
            throw new LiteQuotaExceeded(
                    "lite subscription quota exceeded: a client may subscribe to "
                            + quota
                            + " lite topics");
        }
        long others = count() - (now == null ? 0 : now.lites().size());
        long max = quotas.get().maxSubscriptions();
        if (others + next.size() > max) {
            throw new LiteQuotaExceeded("lite subscription quota exceeded " + max);
        }
        subscribers.put(key, new Subscriber(parent, next, clock.getAsLong()));
        ready.subscribed(key.group(), key.clientId(), parent, added(now, next));
        if (now != null && complete) {
            List<String> gone = new ArrayList<>(now.lites());
            gone.removeAll(next);
            unready(key, now, gone);
        }
        if (rules.exclusive(key.group())) {
            for (String lite : lites) {
                if (now == null || !now.lites().contains(lite)) {
                    excludeOthers(key, parent, lite);
                }
            }
        }
    }

    /** The lite topics of {@code next} that {@code now} (null: none) did not have. */
    private static Collection<String> added(Subscriber now, Set<String> next) {
        if (now == null) {
            return next;
        }
        List<String> added = new ArrayList<>();
        for (String lite : next) {
            if (!now.lites().contains(lite)) {
                added.add(lite);
            }
        }
        return added;
    }

    /** Drops {@code lite} from the other clients of the group reading it, and tells them. */
    private void excludeOthers(Key owner, String parent, String lite) {
        for (Map.Entry<Key, Subscriber> e : subscribers.entrySet()) {
            Key other = e.getKey();
            Subscriber s = e.getValue();
            if (other.equals(owner)
                    || !other.group().equals(owner.group())
                    || !s.parent().equals(parent)
                    || !s.lites().remove(lite)) {
                continue;
            }
            ready.unsubscribed(other.group(), other.clientId(), parent, lite);
            if (s.lites().isEmpty() && subscribers.remove(other, s)) {
                ready.forget(other.group(), other.clientId());
            }
            if (rules.resetOnMove(owner.group())) {
                resets.reset(owner.group(), parent, lite, LiteOffsetResets.TO_START);
            }
            changed.accept(other.group(), other.clientId());
            for (Dropped listener : dropped) {
                listener.dropped(other.group(), other.clientId(), parent, lite);
            }
        }
    }

    /**
     * Forgets the subscriptions no sync set for more than {@code timeoutMs} (the client went away
     * without a last sync; a live one syncs its whole set every 30 s), as the reference's {@code
     * liteSubscriptionCheckTimeoutMills} does.
     *
     * @return how many clients' subscriptions were forgotten
     */
    public synchronized int expire(long timeoutMs) {
        long now = clock.getAsLong();
        int n = 0;
        for (Map.Entry<Key, Subscriber> e : subscribers.entrySet()) {
            if (now - e.getValue().updated > timeoutMs
                    && subscribers.remove(e.getKey(), e.getValue())) {
                unready(e.getKey(), e.getValue(), e.getValue().lites());
                n++;
            }
        }
        return n;
    }

    /**
     * The lite topics {@code clientId} of {@code group} reads under {@code parent}, in no order.
     */
    public List<String> of(String group, String clientId, String parent) {
        Subscriber s = subscribers.get(new Key(group, clientId));
        if (s == null || !s.parent().equals(parent)) {
            return List.of();
        }
        return new ArrayList<>(s.lites());
    }

    /** A client of a group that reads a lite topic. */
    public record Reader(String clientId, String group) {}

    /** Who reads {@code lite} under {@code parent} (an operator's question: a scan). */
    public List<Reader> readers(String parent, String lite) {
        List<Reader> readers = new ArrayList<>();
        subscribers.forEach(
                (key, s) -> {
                    if (s.parent().equals(parent) && s.lites().contains(lite)) {
                        readers.add(new Reader(key.clientId(), key.group()));
                    }
                });
        return readers;
    }

    /** Forgets everything {@code clientId} subscribed to, in every group (it has gone). */
    public synchronized void forget(String clientId) {
        for (Map.Entry<Key, Subscriber> e : subscribers.entrySet()) {
            if (e.getKey().clientId().equals(clientId)
                    && subscribers.remove(e.getKey(), e.getValue())) {
                unready(e.getKey(), e.getValue(), e.getValue().lites());
            }
        }
    }

    /**
     * Takes {@code lites} of {@code s} out of the ready sets; the client's set goes with its last
     * subscription.
     */
    private void unready(Key key, Subscriber s, Collection<String> lites) {
        for (String lite : lites) {
            ready.unsubscribed(key.group(), key.clientId(), s.parent(), lite);
        }
        if (subscribers.get(key) == null) {
            ready.forget(key.group(), key.clientId());
        }
    }

    /** Whether {@code clientId} of {@code group} reads lite topics under {@code parent}. */
    public boolean readsUnder(String group, String clientId, String parent) {
        Subscriber s = subscribers.get(new Key(group, clientId));
        return s != null && s.parent().equals(parent);
    }

    /** Whether {@code clientId} of {@code group} reads {@code lite} under {@code parent}. */
    public boolean reads(String group, String clientId, String parent, String lite) {
        Subscriber s = subscribers.get(new Key(group, clientId));
        return s != null && s.parent().equals(parent) && s.lites().contains(lite);
    }

    /** Lite subscriptions kept: one per lite topic of each client. */
    public long count() {
        long n = 0;
        for (Subscriber s : subscribers.values()) {
            n += s.lites().size();
        }
        return n;
    }
}
