package io.bolide.broker.cold;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/** One consumer group's cold bytes in the current window, and when it read cold data. */
final class GroupReads {
    private final AtomicLong bytes = new AtomicLong();
    private final long createdMillis;
    private volatile long lastMillis;

    GroupReads(long now) {
        this.createdMillis = now;
        this.lastMillis = now;
    }

    void add(long coldBytes, long now) {
        bytes.addAndGet(coldBytes);
        lastMillis = now;
    }

    long bytes() {
        return bytes.get();
    }

    long lastMillis() {
        return lastMillis;
    }

    void restart() {
        bytes.set(0);
    }

    /** The runtimeTable entry, with the reference's field names. */
    Map<String, Object> view() {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("coldAcc", bytes.get());
        view.put("createTimeMills", createdMillis);
        view.put("lastColdReadTimeMills", lastMillis);
        return view;
    }
}
