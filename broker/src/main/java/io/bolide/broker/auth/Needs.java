package io.bolide.broker.auth;

import io.netty.util.concurrent.FastThreadLocal;
import java.util.Arrays;

/**
 * What one request needs to be allowed: (resource type, name, action bits) triples, in the order
 * the reference checks them. One per I/O thread, reused.
 */
final class Needs {
    private static final FastThreadLocal<Needs> PER_THREAD =
            new FastThreadLocal<>() {
                @Override
                protected Needs initialValue() {
                    return new Needs();
                }
            };

    static final String RETRY_PREFIX = "%RETRY%";

    private ResourceType[] types = new ResourceType[8];
    private String[] names = new String[8];
    private int[] actions = new int[8];
    private int count;

    static Needs get() {
        Needs needs = PER_THREAD.get();
        needs.clear();
        return needs;
    }

    void clear() {
        Arrays.fill(names, 0, count, null);
        count = 0;
    }

    int count() {
        return count;
    }

    ResourceType type(int i) {
        return types[i];
    }

    String name(int i) {
        return names[i];
    }

    int actions(int i) {
        return actions[i];
    }

    void add(ResourceType type, String name, int bits) {
        if (count == types.length) {
            types = Arrays.copyOf(types, count * 2);
            names = Arrays.copyOf(names, count * 2);
            actions = Arrays.copyOf(actions, count * 2);
        }
        types[count] = type;
        names[count] = name;
        actions[count] = bits;
        count++;
    }

    void topic(String name, int bits) {
        add(ResourceType.TOPIC, name, bits);
    }

    /**
     * A group as the reference's message codes name it: a retry topic's name stands for its group
     * (a dead-letter name does not: it is checked as written).
     */
    void group(String name, int bits) {
        add(ResourceType.GROUP, isRetry(name) ? name.substring(RETRY_PREFIX.length()) : name, bits);
    }

    /** A group named by an annotated header field: checked as written, as the reference does. */
    void literalGroup(String name, int bits) {
        add(ResourceType.GROUP, name, bits);
    }

    /** A topic, or its group's when it is a retry topic (the reference's rule). */
    void topicOrRetryGroup(String name, int bits) {
        if (isRetry(name)) {
            group(name, bits);
        } else {
            topic(name, bits);
        }
    }

    /** A topic unless it is a retry topic, which the group's own check covers. */
    void topicUnlessRetry(String name, int bits) {
        if (!isRetry(name)) {
            topic(name, bits);
        }
    }

    static boolean isRetry(String name) {
        return name != null && name.startsWith(RETRY_PREFIX);
    }
}
