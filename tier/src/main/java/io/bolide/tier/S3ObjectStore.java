package io.bolide.tier;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.DefaultCredentialsProvider;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.checksums.RequestChecksumCalculation;
import software.amazon.awssdk.core.checksums.ResponseChecksumValidation;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3ClientBuilder;
import software.amazon.awssdk.services.s3.model.CompletedMultipartUpload;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.MultipartUpload;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * {@link ObjectStore} on any S3-compatible endpoint through the AWS SDK v2. Failures of the SDK
 * (unreachable endpoint, error answers) surface as {@link IOException} naming the key.
 */
public final class S3ObjectStore implements ObjectStore {
    private static final Logger LOG = LoggerFactory.getLogger(S3ObjectStore.class);

    private final S3Settings settings;
    private final S3Client client;

    public S3ObjectStore(S3Settings settings) {
        this(settings, List.of());
    }

    /** As {@link #S3ObjectStore(S3Settings)}, the SDK's requests also passed to {@code seen}. */
    S3ObjectStore(S3Settings settings, List<ExecutionInterceptor> seen) {
        this.settings = settings;
        this.client = build(settings, seen);
    }

    /**
     * The client: payloads unsigned ({@link UnsignedPayloadAuthScheme}) and no checksum of the
     * SDK's own on puts and gets (checksums only where an operation requires one, which none used
     * here does): the offloader already takes the CRC32C of each segment and checks the object read
     * back against it, so a CRC32 of the SDK's would hash every byte a second time.
     */
    private static S3Client build(S3Settings settings, List<ExecutionInterceptor> seen) {
        S3ClientBuilder builder =
                S3Client.builder()
                        .httpClient(UrlConnectionHttpClient.create())
                        .region(Region.of(settings.region()))
                        .forcePathStyle(settings.pathStyle())
                        .putAuthScheme(new UnsignedPayloadAuthScheme())
                        .requestChecksumCalculation(RequestChecksumCalculation.WHEN_REQUIRED)
                        .responseChecksumValidation(ResponseChecksumValidation.WHEN_REQUIRED);
        if (!seen.isEmpty()) {
            builder.overrideConfiguration(c -> c.executionInterceptors(seen));
        }
        if (!settings.endpoint().isEmpty()) {
            builder.endpointOverride(URI.create(settings.endpoint()));
        }
        if (settings.staticCredentials()) {
            builder.credentialsProvider(
                    StaticCredentialsProvider.create(
                            AwsBasicCredentials.create(
                                    settings.accessKey(), settings.secretKey())));
        } else {
            builder.credentialsProvider(DefaultCredentialsProvider.builder().build());
        }
        return builder.build();
    }

    private String fullKey(String key) {
        return settings.prefix() + key;
    }

    @Override
    public void put(String key, Path file) throws IOException {
        long size = Files.size(file);
        try {
            if (size > settings.multipartThreshold()) {
                putMultipart(fullKey(key), file);
            } else {
                client.putObject(
                        b -> b.bucket(settings.bucket()).key(fullKey(key)),
                        RequestBody.fromFile(file));
            }
        } catch (SdkException e) {
            throw new IOException("put " + key + " failed: " + e.getMessage(), e);
        }
    }

    private void putMultipart(String key, Path file) throws IOException {
        String uploadId =
                client.createMultipartUpload(b -> b.bucket(settings.bucket()).key(key)).uploadId();
        try {
            List<CompletedPart> parts = uploadParts(key, uploadId, file);
            client.completeMultipartUpload(
                    b ->
                            b.bucket(settings.bucket())
                                    .key(key)
                                    .uploadId(uploadId)
                                    .multipartUpload(
                                            CompletedMultipartUpload.builder()
                                                    .parts(parts)
                                                    .build()));
        } catch (IOException | SdkException e) {
            abort(key, uploadId);
            throw e;
        }
    }

    private List<CompletedPart> uploadParts(String key, String uploadId, Path file)
            throws IOException {
        List<CompletedPart> parts = new ArrayList<>();
        byte[] buffer = new byte[(int) settings.partSize()];
        try (InputStream in = Files.newInputStream(file)) {
            int partNumber = 1;
            int read;
            while ((read = in.readNBytes(buffer, 0, buffer.length)) > 0) {
                int number = partNumber++;
                String etag =
                        client.uploadPart(
                                        b ->
                                                b.bucket(settings.bucket())
                                                        .key(key)
                                                        .uploadId(uploadId)
                                                        .partNumber(number),
                                        RequestBody.fromBytes(Arrays.copyOf(buffer, read)))
                                .eTag();
                parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
            }
        }
        return parts;
    }

    /** Best effort: an upload left open costs storage until the bucket's lifecycle clears it. */
    private void abort(String key, String uploadId) {
        try {
            client.abortMultipartUpload(
                    b -> b.bucket(settings.bucket()).key(key).uploadId(uploadId));
        } catch (SdkException e) {
            LOG.warn("aborting multipart upload of {} failed: {}", key, e.getMessage());
        }
    }

    @Override
    public byte[] get(String key, long position, int length) throws IOException {
        if (length <= 0) {
            return new byte[0];
        }
        String range = "bytes=" + position + "-" + (position + length - 1);
        try {
            ResponseBytes<GetObjectResponse> bytes =
                    client.getObjectAsBytes(
                            b -> b.bucket(settings.bucket()).key(fullKey(key)).range(range));
            return bytes.asByteArray();
        } catch (SdkException e) {
            throw new IOException("get " + key + " " + range + " failed: " + e.getMessage(), e);
        }
    }

    /**
     * One GET of the object's first {@code length} bytes, streamed through a 1 MiB buffer: the
     * upload's read-back, which {@code getObjectAsBytes} would copy into a growing array and again
     * out of it (a quarter of the offloader's CPU in a profile of bench/run-tier.sh).
     */
    @Override
    public void readAll(String key, long length, Sink sink) throws IOException {
        if (length <= 0) {
            return;
        }
        String range = "bytes=0-" + (length - 1);
        long read = 0;
        byte[] buffer = new byte[1 << 20];
        try (ResponseInputStream<GetObjectResponse> in =
                client.getObject(b -> b.bucket(settings.bucket()).key(fullKey(key)).range(range))) {
            for (int n; (n = in.read(buffer)) > 0 && read < length; read += n) {
                sink.accept(buffer, 0, (int) Math.min(n, length - read));
            }
        } catch (SdkException e) {
            throw new IOException("get " + key + " " + range + " failed: " + e.getMessage(), e);
        }
        if (read < length) {
            throw new IOException(key + ": " + read + " bytes, not " + length);
        }
    }

    @Override
    public List<String> list(String keyPrefix) throws IOException {
        List<String> keys = new ArrayList<>();
        int strip = settings.prefix().length();
        try {
            for (S3Object object :
                    client.listObjectsV2Paginator(
                                    b -> b.bucket(settings.bucket()).prefix(fullKey(keyPrefix)))
                            .contents()) {
                keys.add(object.key().substring(strip));
            }
        } catch (SdkException e) {
            throw new IOException("list " + keyPrefix + " failed: " + e.getMessage(), e);
        }
        return keys;
    }

    @Override
    public void abortUploads(String keyPrefix) throws IOException {
        try {
            for (MultipartUpload upload :
                    client.listMultipartUploadsPaginator(
                                    b -> b.bucket(settings.bucket()).prefix(fullKey(keyPrefix)))
                            .uploads()) {
                LOG.info("Aborting the multipart upload of {} a stop left open", upload.key());
                abort(upload.key(), upload.uploadId());
            }
        } catch (SdkException e) {
            throw new IOException(
                    "listing open uploads under " + keyPrefix + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void delete(String key) throws IOException {
        try {
            client.deleteObject(b -> b.bucket(settings.bucket()).key(fullKey(key)));
        } catch (SdkException e) {
            throw new IOException("delete " + key + " failed: " + e.getMessage(), e);
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
