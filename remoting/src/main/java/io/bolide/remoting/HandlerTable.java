package io.bolide.remoting;

import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Request code → handler. Codes below {@link #DIRECT_CODES} (all the classic RocketMQ codes) are an
 * array lookup; the rest (the 200000+ POP family, negative codes) fall back to a map.
 */
final class HandlerTable {
    static final int DIRECT_CODES = 1024;

    /** A handler and where it runs: a null executor means inline on the I/O thread. */
    record Registration(RequestHandler handler, Executor executor) {}

    private final AtomicReferenceArray<Registration> direct =
            new AtomicReferenceArray<>(DIRECT_CODES);
    private final Map<Integer, Registration> overflow = new ConcurrentHashMap<>();

    void register(int code, RequestHandler handler, Executor executor) {
        if (handler == null) {
            throw new IllegalArgumentException("handler for code " + code + " is null");
        }
        Registration registration = new Registration(handler, executor);
        if (code >= 0 && code < DIRECT_CODES) {
            direct.set(code, registration);
        } else {
            overflow.put(code, registration);
        }
    }

    /** Every code with a handler, ascending. */
    SortedSet<Integer> codes() {
        SortedSet<Integer> codes = new TreeSet<>(overflow.keySet());
        for (int code = 0; code < DIRECT_CODES; code++) {
            if (direct.get(code) != null) {
                codes.add(code);
            }
        }
        return codes;
    }

    Registration get(int code) {
        return code >= 0 && code < DIRECT_CODES ? direct.get(code) : overflow.get(code);
    }
}
