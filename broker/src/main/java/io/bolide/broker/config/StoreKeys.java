package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * The store's keys: retention, flushing and mapped memory, declared here and tabled in {@link
 * BrokerConfigKeys} like every other key. Those marked live reach the running store through {@code
 * StoreTuning}.
 */
final class StoreKeys {
    /** An hour of the day, as deleteWhen names them. */
    private static final Key<Integer> HOUR = Key.ofInt("hour", 0, 0, 23, "hour of day");

    static final Key<Integer> FILE_RESERVED_TIME =
            Key.ofInt("fileReservedTime", 72, 0, 1_000_000, "hours commit-log segments are kept")
                    .live();

    static final Key<Integer> DELETE_WHEN =
            Key.of(
                            "deleteWhen",
                            Integer.class,
                            "hour 00-23 (the first of a ;-list)",
                            "04",
                            v -> HOUR.parse(v.split(";")[0]),
                            null,
                            "hour of day when expired files go")
                    .live();

    static final Key<Integer> DISK_MAX_USED_SPACE_RATIO =
            Key.ofInt(
                            "diskMaxUsedSpaceRatio",
                            75,
                            10,
                            95,
                            "disk usage % forcing deletion of the oldest files")
                    .live();

    static final Key<Integer> FLUSH_INTERVAL_COMMIT_LOG =
            Key.ofInt("flushIntervalCommitLog", 500, 1, 60_000, "ASYNC_FLUSH period (ms)").live();

    static final Key<Long> MAPPED_MEMORY_LIMIT =
            Key.ofLong(
                            "mappedMemoryLimit",
                            256L << 20,
                            0,
                            Long.MAX_VALUE,
                            "store file pages kept mapped, which count in the resident"
                                    + " set (bytes; colder ones are unmapped and read"
                                    + " again from the page cache; 0 = no limit, under"
                                    + " 16 MiB counts as 16 MiB)")
                    .bolideOnly();

    private StoreKeys() {}
}
