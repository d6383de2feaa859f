package io.bolide.tier;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.store.MessageStore;
import io.bolide.store.StoreConfig;
import io.bolide.testsupport.Await;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What a kill leaves in the bucket (#36): a segment object the manifest never recorded (a kill
 * between the PUT and the manifest's save) and a multipart upload never completed are cleared by
 * the restarted broker's first round that reaches the store; keys that are not segment names stay.
 */
class TierSweepTest {
    private static final String PREFIX = "sweep/";

    @TempDir Path dir;

    @Test
    void anOrphanSegmentObjectAndAnOpenUploadAreClearedAtStartOtherKeysStay() throws Exception {
        try (MotoServer moto = MotoServer.start()) {
            moto.createBucket("bolide");
            S3Settings s3 = moto.settings("bolide", PREFIX);
            Path file = Files.write(dir.resolve("f"), new byte[100]);
            try (S3ObjectStore objects = new S3ObjectStore(s3);
                    S3Client client = client(s3)) {
                objects.put(TieredSegments.key(1L << 30), file);
                objects.put("commitlog/notes", file);
                objects.put("elsewhere/00000000000000000000", file);
                String half = PREFIX + TieredSegments.key(2L << 30);
                String upload =
                        client.createMultipartUpload(b -> b.bucket("bolide").key(half)).uploadId();
                client.uploadPart(
                        b -> b.bucket("bolide").key(half).uploadId(upload).partNumber(1),
                        RequestBody.fromBytes(new byte[1024]));
                assertThat(openUploads(client)).isEqualTo(1);

                TierSettings settings = new TierSettings(s3, 0, 72, 1 << 20, 20, 0);
                try (TieredStorage tier = TieredStorage.open(settings, dir);
                        MessageStore store =
                                MessageStore.open(
                                        StoreConfig.builder(dir.resolve("store"))
                                                .segmentSize(64 << 10)
                                                .coldSegments(tier.coldSegments())
                                                .build())) {
                    tier.start(store);
                    Await.until(
                            Duration.ofSeconds(30),
                            () -> tier.stats().orphansDeleted() == 1,
                            "the orphan deleted");
                    tier.stop();
                }
                assertThat(objects.list(""))
                        .containsExactly("commitlog/notes", "elsewhere/00000000000000000000");
                assertThat(openUploads(client)).isZero();
            }
        }
    }

    private static int openUploads(S3Client client) {
        return client.listMultipartUploads(b -> b.bucket("bolide").prefix(PREFIX)).uploads().size();
    }

    private static S3Client client(S3Settings s3) {
        return S3Client.builder()
                .httpClient(UrlConnectionHttpClient.create())
                .region(Region.of(s3.region()))
                .forcePathStyle(true)
                .endpointOverride(URI.create(s3.endpoint()))
                .credentialsProvider(
                        StaticCredentialsProvider.create(
                                AwsBasicCredentials.create(s3.accessKey(), s3.secretKey())))
                .build();
    }
}
