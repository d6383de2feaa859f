package io.bolide.bench.e2e;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import javax.management.Notification;
import javax.management.NotificationEmitter;
import javax.management.openmbean.CompositeData;

/**
 * The load generator's own stop-the-world collections. Client and broker share two cores, and a
 * paused client neither sends nor reads pull responses: messages stored just before a pause wait in
 * its socket, so the pause shows up as end-to-end latency that no broker could remove.
 */
final class GcPauses {
    private final LongAdder totalMillis = new LongAdder();
    private final AtomicLong maxMillis = new AtomicLong();
    private final LongAdder count = new LongAdder();
    private volatile boolean counting;

    GcPauses() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (gc instanceof NotificationEmitter) {
                ((NotificationEmitter) gc).addNotificationListener(this::collected, null, null);
            }
        }
    }

    void counting(boolean on) {
        counting = on;
    }

    private void collected(Notification notification, Object handback) {
        if (!counting
                || !GarbageCollectionNotificationInfo.GARBAGE_COLLECTION_NOTIFICATION.equals(
                        notification.getType())) {
            return;
        }
        GarbageCollectionNotificationInfo info =
                GarbageCollectionNotificationInfo.from((CompositeData) notification.getUserData());
        // Concurrent cycles run beside the application; only pauses stop it.
        if (info.getGcName().contains("Concurrent")) {
            return;
        }
        long millis = info.getGcInfo().getDuration();
        totalMillis.add(millis);
        count.increment();
        maxMillis.accumulateAndGet(millis, Math::max);
    }

    void report(Results results, String prefix) {
        results.put(prefix + ".count", count.sum());
        results.put(prefix + ".total_ms", totalMillis.sum());
        results.put(prefix + ".max_ms", maxMillis.get());
    }
}
