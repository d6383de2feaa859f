package io.bolide.broker.lite;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The lite topics of each client of a group that may have something for it: messages past the
 * group's pop offset, or a batch in flight whose end may bring more. A lite pop serves from this
 * set instead of walking every lite topic the client subscribed to, so its cost follows the lite
 * topics with messages, not the subscriptions. Fed when a message arrives in a lite topic's queue
 * (or an orderly batch of it is handed out again) and when a client subscribes to a lite topic the
 * group has messages in (which rebuilds it after a restart, when the clients sync again); a pop
 * drops a lite topic it found with nothing pending. Holds queue names, never messages: at most one
 * entry per subscription.
 */
public final class LiteReady {
    /** Whether {@code group} has messages not yet popped, or in flight, in the lite queue. */
    public interface Pending {
        boolean pending(String group, String queue);
    }

    /** Told (on the dispatch thread) when a lite topic a client reads became ready. */
    public interface Woken {
        void woken(String group, String clientId);
    }

    /** One client's ready lite queues, oldest first (a pop serves them round-robin). */
    public static final class Client {
        final String group;
        final String clientId;
        private final ArrayDeque<String> order = new ArrayDeque<>();
        private final Set<String> members = new HashSet<>();

        Client(String group, String clientId) {
            this.group = group;
            this.clientId = clientId;
        }

        /** Adds {@code queue} at the end unless it is there; true if added. */
        synchronized boolean offer(String queue) {
            if (!members.add(queue)) {
                return false;
            }
            order.addLast(queue);
            return true;
        }

        /**
         * Takes the oldest ready queue out of the set, or null, to pop from it; the caller hands it
         * back with {@link LiteReady#popped}.
         */
        public synchronized String poll() {
            String queue = order.pollFirst();
            if (queue != null) {
                members.remove(queue);
            }
            return queue;
        }

        synchronized void remove(String queue) {
            if (members.remove(queue)) {
                order.remove(queue);
            }
        }

        /** The ready queues now, oldest first. */
        public synchronized String[] snapshot() {
            return order.toArray(new String[0]);
        }

        public synchronized int size() {
            return order.size();
        }
    }

    private record Key(String group, String clientId) {}

    /**
     * Who reads each lite queue (a client at most once): the {@link Client} itself while it is the
     * only one, as it mostly is (an exclusive group, or a lite topic per client), else a {@code
     * Client[]}; the subscription's own queue-name string is the key, nothing else is kept per
     * subscription.
     */
    private final Map<String, Object> readers = new ConcurrentHashMap<>();

    private final Map<Key, Client> clients = new ConcurrentHashMap<>();
    private volatile Pending pending = (group, queue) -> true;
    private volatile Woken woken = (group, clientId) -> {};

    /** How a subscription finds whether its lite topic has messages for the group. */
    public void pending(Pending check) {
        pending = check;
    }

    /** Tells {@code listener} of each arrival on a lite topic a client reads. */
    public void onWoken(Woken listener) {
        woken = listener;
    }

    /**
     * {@code clientId} of {@code group} reads {@code lites} under {@code parent} from now on: each
     * ready at once if the group has messages there (how the sets are rebuilt after a restart, one
     * client lookup per sync).
     */
    void subscribed(String group, String clientId, String parent, Iterable<String> lites) {
        Client client = null;
        for (String lite : lites) {
            if (client == null) {
                client =
                        clients.computeIfAbsent(
                                new Key(group, clientId), k -> new Client(group, clientId));
            }
            String queue = LiteNames.queueName(parent, lite);
            Client reader = client;
            readers.compute(queue, (q, now) -> with(now, reader));
            if (pending.pending(group, queue)) {
                client.offer(queue);
            }
        }
    }

    /** {@code clientId} of {@code group} no longer reads {@code lite} under {@code parent}. */
    void unsubscribed(String group, String clientId, String parent, String lite) {
        Client client = clients.get(new Key(group, clientId));
        if (client == null) {
            return;
        }
        String queue = LiteNames.queueName(parent, lite);
        readers.computeIfPresent(queue, (q, now) -> without(now, client));
        client.remove(queue);
    }

    /** Forgets {@code clientId} of {@code group} (after {@link #unsubscribed} of each lite). */
    void forget(String group, String clientId) {
        clients.remove(new Key(group, clientId));
    }

    /**
     * A message arrived in {@code queue} (or an orderly batch of it is to be handed out again):
     * every client reading it gets it in its ready set and is told.
     */
    public void arrived(String queue) {
        Object now = readers.get(queue);
        if (now instanceof Client one) {
            one.offer(queue);
            woken.woken(one.group, one.clientId);
            return;
        }
        if (now == null) {
            return;
        }
        for (Client client : (Client[]) now) {
            client.offer(queue);
            woken.woken(client.group, client.clientId);
        }
    }

    /** The ready set of {@code clientId} in {@code group}, or null when it reads no lite topic. */
    public Client of(String group, String clientId) {
        return clients.get(new Key(group, clientId));
    }

    /**
     * After a pop from {@code queue} (taken with {@link Client#poll}): it goes back to the end of
     * the set while the group has something there (messages or a batch in flight), and is dropped
     * otherwise. The pending check comes after the queue left the set, so an arrival in between
     * puts it back itself.
     */
    public void popped(Client client, String queue) {
        if (pending.pending(client.group, queue)) {
            client.offer(queue);
        }
    }

    /** Lite queues ready over all clients (a client's entry counts once per client). */
    public long size() {
        long n = 0;
        for (Client client : clients.values()) {
            n += client.size();
        }
        return n;
    }

    private static Object with(Object now, Client client) {
        if (now == null || now == client) {
            return client;
        }
        Client[] all = now instanceof Client one ? new Client[] {one} : (Client[]) now;
        for (Client c : all) {
            if (c == client) {
                return now;
            }
        }
        Client[] next = Arrays.copyOf(all, all.length + 1);
        next[all.length] = client;
        return next;
    }

    private static Object without(Object now, Client client) {
        if (now == client) {
            return null;
        }
        if (!(now instanceof Client[] all)) {
            return now;
        }
        int at = -1;
        for (int i = 0; i < all.length; i++) {
            if (all[i] == client) {
                at = i;
            }
        }
        if (at < 0) {
            return now;
        }
        if (all.length == 2) {
            return all[1 - at];
        }
        Client[] next = new Client[all.length - 1];
        System.arraycopy(all, 0, next, 0, at);
        System.arraycopy(all, at + 1, next, at, all.length - at - 1);
        return next;
    }
}
