package io.bolide.broker.config;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * Tiered storage of the commit log (#36), declared here and tabled in {@link BrokerConfigKeys}: the
 * reference's tiered-store names (rocketmq-tiered-store 5.5.0's MessageStoreConfig) where it has
 * them, Bolide's own for the rest (the local budget, region, prefix, addressing, read cache). Off
 * by default: with {@code tieredBackendServiceProvider} empty every segment stays local.
 */
public final class TierKeys {
    /** The one backend Bolide speaks. */
    public static final String S3 = "s3";

    private static final Key<String> PROVIDER =
            Key.of(
                    "tieredBackendServiceProvider",
                    String.class,
                    "empty or s3",
                    "",
                    TierKeys::provider,
                    null,
                    "s3 offloads sealed commit-log segments to the S3-compatible object store of"
                            + " objectStoreEndpoint / objectStoreBucket; empty keeps every"
                            + " segment on local disk (the reference's class names are refused:"
                            + " Bolide has no POSIX or memory backend)");

    private static final Key<String> ENDPOINT =
            Key.ofString(
                    "objectStoreEndpoint",
                    "",
                    "the object store's endpoint URL (empty: AWS's regional endpoint)");

    private static final Key<String> BUCKET =
            Key.ofString("objectStoreBucket", "", "the bucket holding offloaded segments");

    private static final Key<String> ACCESS_KEY =
            Key.ofString(
                    "objectStoreAccessKey",
                    "",
                    "static access key (empty: the AWS SDK's default credentials chain)");

    private static final Key<String> SECRET_KEY =
            Key.ofString(
                    "objectStoreSecretKey",
                    "",
                    "static secret key (empty: the AWS SDK's default credentials chain)");

    private static final Key<Integer> RESERVED_TIME =
            Key.ofInt(
                    "tieredStoreFileReservedTime",
                    72,
                    0,
                    1_000_000,
                    "hours an offloaded segment is kept in the object store, from its last"
                            + " write; fileReservedTime then only frees local disk");

    private static final Key<Long> MAX_BYTES =
            Key.ofLong(
                            "tieredStoreMaxBytes",
                            0,
                            0,
                            Long.MAX_VALUE,
                            "bytes of segments kept in the object store; the oldest beyond it"
                                    + " that are no longer on local disk are deleted from it"
                                    + " (0: no bound but tieredStoreFileReservedTime)")
                    .bolideOnly();

    private static final Key<Long> LOCAL_BUDGET =
            Key.ofLong(
                            "tieredStoreLocalBudget",
                            0,
                            0,
                            Long.MAX_VALUE,
                            "bytes of commit-log segments kept on local disk; the oldest"
                                    + " offloaded ones beyond it are deleted locally and read"
                                    + " from the object store (0: keep every segment local)")
                    .bolideOnly();

    private static final Key<String> REGION =
            Key.ofNonEmpty("objectStoreRegion", "us-east-1", "the object store's signing region")
                    .bolideOnly();

    private static final Key<String> PREFIX =
            Key.ofString(
                            "objectStorePrefix",
                            "",
                            "prefix of every object key (empty: brokerClusterName/brokerName/)")
                    .bolideOnly();

    private static final Key<Boolean> PATH_STYLE =
            Key.ofBoolean(
                            "objectStorePathStyle",
                            true,
                            "path-style addressing (bucket in the path, as MinIO and most"
                                    + " non-AWS stores want); false for virtual-hosted style")
                    .bolideOnly();

    private static final Key<Long> READ_CACHE =
            Key.ofLong(
                            "tieredStoreReadCacheSize",
                            64L << 20,
                            0,
                            Long.MAX_VALUE,
                            "bytes of blocks read from the object store kept in memory")
                    .bolideOnly();

    private static final Key<Long> OFFLOAD_INTERVAL =
            Key.ofLong(
                            "tieredStoreOffloadInterval",
                            1_000,
                            1,
                            3_600_000,
                            "milliseconds between two rounds of uploads, evictions and deletions")
                    .bolideOnly();

    public final Key<String> provider;
    public final Key<String> endpoint;
    public final Key<String> bucket;
    public final Key<String> accessKey;
    public final Key<String> secretKey;
    public final Key<Integer> reservedTime;
    public final Key<Long> maxBytes;
    public final Key<Long> localBudget;
    public final Key<String> region;
    public final Key<String> prefix;
    public final Key<Boolean> pathStyle;
    public final Key<Long> readCache;
    public final Key<Long> offloadInterval;

    private TierKeys(KeyTable.Builder keys) {
        provider = keys.add(PROVIDER);
        endpoint = keys.add(ENDPOINT);
        bucket = keys.add(BUCKET);
        accessKey = keys.add(ACCESS_KEY);
        secretKey = keys.add(SECRET_KEY);
        reservedTime = keys.add(RESERVED_TIME);
        maxBytes = keys.add(MAX_BYTES);
        localBudget = keys.add(LOCAL_BUDGET);
        region = keys.add(REGION);
        prefix = keys.add(PREFIX);
        pathStyle = keys.add(PATH_STYLE);
        readCache = keys.add(READ_CACHE);
        offloadInterval = keys.add(OFFLOAD_INTERVAL);
    }

    static TierKeys declare(KeyTable.Builder keys) {
        return new TierKeys(keys);
    }

    private static String provider(String value) {
        String v = value.trim();
        if (v.isEmpty() || v.equalsIgnoreCase(S3)) {
            return v.toLowerCase(java.util.Locale.ROOT);
        }
        throw new IllegalArgumentException(
                "Bolide's tiered storage has one backend, s3 (an S3-compatible object store);"
                        + " leave it empty to keep the commit log local");
    }

    /** Whether tiered storage is on. */
    public boolean on(ConfigValues values) {
        return S3.equals(values.get(provider));
    }

    /** With tiering on, a bucket is required; the local budget, if any, holds two segments. */
    void check(ConfigValues values, int segmentSize) {
        if (!on(values)) {
            return;
        }
        if (values.get(bucket).isEmpty()) {
            throw new IllegalArgumentException(
                    "broker config key 'objectStoreBucket' must be set when"
                            + " tieredBackendServiceProvider=s3");
        }
        long budget = values.get(localBudget);
        if (budget > 0 && budget < 2L * segmentSize) {
            throw new IllegalArgumentException(
                    "broker config key 'tieredStoreLocalBudget' ("
                            + budget
                            + ") must hold at least two commit-log segments (2 x "
                            + segmentSize
                            + "), or be 0");
        }
    }
}
