package io.bolide.tier;

import java.util.Objects;

/**
 * Where and how to reach an S3-compatible store. Credentials come from the AWS SDK's default
 * provider chain unless both keys are given (the reference's objectStoreAccessKey and
 * objectStoreSecretKey).
 *
 * @param endpoint the endpoint URL, or empty for AWS's regional endpoint
 * @param region the signing region
 * @param bucket the bucket holding the objects
 * @param prefix prepended to every key (for example {@code "broker-a/"}), may be empty
 * @param pathStyle path-style addressing (bucket in the path), as most non-AWS stores want
 * @param accessKey static access key, or empty for the provider chain
 * @param secretKey static secret key, or empty for the provider chain
 * @param multipartThreshold bytes above which a put goes as a multipart upload
 * @param partSize bytes per part of a multipart upload (S3's minimum is 5 MiB)
 */
public record S3Settings(
        String endpoint,
        String region,
        String bucket,
        String prefix,
        boolean pathStyle,
        String accessKey,
        String secretKey,
        long multipartThreshold,
        long partSize) {

    /** S3 rejects parts below 5 MiB except the last. */
    public static final long MIN_PART_SIZE = 5L << 20;

    public S3Settings {
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(bucket, "bucket");
        Objects.requireNonNull(prefix, "prefix");
        Objects.requireNonNull(accessKey, "accessKey");
        Objects.requireNonNull(secretKey, "secretKey");
        if (bucket.isEmpty()) {
            throw new IllegalArgumentException("an object store needs a bucket");
        }
        if (partSize < MIN_PART_SIZE) {
            throw new IllegalArgumentException("partSize " + partSize + " < " + MIN_PART_SIZE);
        }
        if (multipartThreshold < partSize) {
            throw new IllegalArgumentException("multipartThreshold below partSize");
        }
    }

    /** Whether static credentials were given rather than the provider chain. */
    public boolean staticCredentials() {
        return !accessKey.isEmpty() && !secretKey.isEmpty();
    }
}
