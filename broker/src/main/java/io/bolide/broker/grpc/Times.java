package io.bolide.broker.grpc;

import com.google.protobuf.Duration;
import com.google.protobuf.Timestamp;

/** Protobuf's well-known time types to and from milliseconds. */
final class Times {
    private Times() {}

    static Timestamp timestamp(long millis) {
        return Timestamp.newBuilder()
                .setSeconds(Math.floorDiv(millis, 1000))
                .setNanos(Math.floorMod(millis, 1000) * 1_000_000)
                .build();
    }

    static long millis(Timestamp t) {
        return t.getSeconds() * 1000 + t.getNanos() / 1_000_000;
    }

    static Duration duration(long millis) {
        return Duration.newBuilder()
                .setSeconds(Math.floorDiv(millis, 1000))
                .setNanos(Math.floorMod(millis, 1000) * 1_000_000)
                .build();
    }

    /** A duration in milliseconds, saturated: hostile values must not overflow a deadline. */
    static long millis(Duration d) {
        if (d.getSeconds() < 0 || d.getNanos() < 0) {
            return -1;
        }
        if (d.getSeconds() > Long.MAX_VALUE / 2000) {
            return Long.MAX_VALUE / 2;
        }
        return d.getSeconds() * 1000 + d.getNanos() / 1_000_000;
    }
}
