package io.bolide.tier;

import io.bolide.store.ColdSegments;
import io.bolide.store.MessageStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Tiered storage of the commit log (#36), assembled: the manifest under the store's root ({@code
 * tier/manifest}), the object store, the {@link ColdSegments} the store is opened with, and the
 * offloader's thread once the store is open. Consume queues and the index stay local.
 */
public final class TieredStorage implements AutoCloseable {
    private final TierSettings settings;
    private final UploadManifest manifest;
    private final ObjectStore objects;
    private final TieredSegments segments;
    private final TierStats stats = new TierStats();
    private ScheduledExecutorService thread;
    private SegmentOffloader offloader;

    private TieredStorage(
            TierSettings settings, UploadManifest manifest, ObjectStore objects, int block) {
        this.settings = settings;
        this.manifest = manifest;
        this.objects = objects;
        this.segments =
                new TieredSegments(
                        manifest,
                        objects,
                        settings.readCacheBytes(),
                        block,
                        settings.localBudget(),
                        stats);
    }

    /** Loads the manifest of the store at {@code storeRoot} and connects to the object store. */
    public static TieredStorage open(TierSettings settings, Path storeRoot) throws IOException {
        return open(settings, storeRoot, TieredSegments.BLOCK);
    }

    /** As {@link #open(TierSettings, Path)}, reading the tier in blocks of {@code block} bytes. */
    static TieredStorage open(TierSettings settings, Path storeRoot, int block) throws IOException {
        return open(settings, storeRoot, block, new S3ObjectStore(settings.s3()));
    }

    /** As {@link #open(TierSettings, Path, int)}, on {@code objects} (tests wrap the store). */
    static TieredStorage open(TierSettings settings, Path storeRoot, int block, ObjectStore objects)
            throws IOException {
        Path dir = storeRoot.resolve("tier");
        Files.createDirectories(dir);
        UploadManifest manifest = UploadManifest.load(dir.resolve("manifest"));
        return new TieredStorage(settings, manifest, objects, block);
    }

    /** The segments the tier holds now, oldest first. */
    List<UploadManifest.Entry> manifestEntries() {
        return manifest.entries();
    }

    /** Bytes of the segments the tier holds now. */
    public long tierBytes() {
        return manifest.totalBytes();
    }

    /** What the store is opened with ({@link io.bolide.store.StoreConfig.Builder#coldSegments}). */
    public ColdSegments coldSegments() {
        return segments;
    }

    /** Starts offloading from {@code store} (opened with {@link #coldSegments()}). */
    public synchronized void start(MessageStore store) {
        offloader =
                new SegmentOffloader(
                        store.localBudget(), manifest, objects, settings, stats, Clock.systemUTC());
        thread =
                Executors.newSingleThreadScheduledExecutor(
                        r -> {
                            Thread t = new Thread(r, "bolide-tier-offload");
                            t.setDaemon(true);
                            return t;
                        });
        thread.scheduleWithFixedDelay(
                offloader::runOnce,
                settings.intervalMs(),
                settings.intervalMs(),
                TimeUnit.MILLISECONDS);
    }

    /** Runs one offloader round now, on the caller's thread (tests, operators). */
    public synchronized void runOnce() {
        if (offloader != null) {
            offloader.runOnce();
        }
    }

    /** Stops the offloader, letting a round in progress finish (before the store closes). */
    public synchronized void stop() {
        if (thread != null) {
            thread.shutdown();
            try {
                thread.awaitTermination(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            thread = null;
        }
    }

    public TierStats stats() {
        return stats;
    }

    /** Segments the tier holds now. */
    public int objectCount() {
        return manifest.entries().size();
    }

    /** Stops the offloader and closes the object store's client. */
    @Override
    public void close() {
        stop();
        segments.close();
        objects.close();
    }
}
