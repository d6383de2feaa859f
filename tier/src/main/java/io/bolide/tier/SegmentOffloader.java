package io.bolide.tier;

import io.bolide.store.LocalBudget;
import io.bolide.store.SealedSegment;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One round of tiered storage's background duty (#36), on its own thread so the write path never
 * waits on the object store: uploads each sealed segment the manifest lacks (its CRC32C taken from
 * the local file, the object read back and checked against it before the manifest counts it),
 * evicts offloaded segments while the local disk holds more than the budget, and deletes from the
 * tier the segments older than its retention or beyond its size bound that are no longer local. An
 * object store that fails leaves everything local and is tried again next round; the failure is
 * logged once per streak.
 */
final class SegmentOffloader {
    private static final Logger LOG = LoggerFactory.getLogger(SegmentOffloader.class);

    private final LocalBudget local;
    private final UploadManifest manifest;
    private final ObjectStore objects;
    private final TierSettings settings;
    private final TierStats stats;
    private final Clock clock;
    private boolean failing;
    private boolean swept;

    SegmentOffloader(
            LocalBudget local,
            UploadManifest manifest,
            ObjectStore objects,
            TierSettings settings,
            TierStats stats,
            Clock clock) {
        this.local = local;
        this.manifest = manifest;
        this.objects = objects;
        this.settings = settings;
        this.stats = stats;
        this.clock = clock;
    }

    /** One round: upload, evict, expire (and, once per start, sweep). */
    void runOnce() {
        try {
            offload();
            if (settings.localBudget() > 0) {
                stats.segmentsEvicted.addAndGet(local.evict(settings.localBudget()));
            }
            expire();
            if (!swept) {
                sweep();
                swept = true;
            }
            stats.unreachable = false;
            if (failing) {
                LOG.info("Object store reachable again: tiered storage resumed");
                failing = false;
            }
        } catch (IOException | RuntimeException e) {
            stats.unreachable = true;
            if (!failing) {
                LOG.warn(
                        "Tiered storage round failed (retried, data stays local): {}",
                        e.toString());
                failing = true;
            }
        }
    }

    /**
     * Once per start, after the first round that reached the store (this thread's own uploads are
     * all in the manifest by then): deletes the segment objects the manifest does not list (a kill
     * after a PUT but before the manifest saved it, or between the retention's forgetting a segment
     * and deleting its object) and aborts multipart uploads left open by a kill. A segment still
     * local is uploaded again anyway; one that is not has nothing referring to it. Keys that are
     * not segment names are left alone.
     */
    private void sweep() throws IOException {
        objects.abortUploads(TieredSegments.PREFIX);
        for (String key : objects.list(TieredSegments.PREFIX)) {
            long base = TieredSegments.baseOffsetOf(key);
            if (base >= 0 && !manifest.contains(base)) {
                objects.delete(key);
                stats.orphansDeleted.incrementAndGet();
                LOG.info("Deleted {} from the tier: no manifest entry refers to it", key);
            }
        }
    }

    private void offload() throws IOException {
        List<SealedSegment> sealed = local.sealed();
        long lag = 0;
        for (SealedSegment segment : sealed) {
            if (!manifest.contains(segment.baseOffset())) {
                lag += segment.length();
            }
        }
        stats.uploadLagBytes.set(lag);
        for (SealedSegment segment : sealed) {
            if (manifest.contains(segment.baseOffset())) {
                continue;
            }
            try {
                upload(segment);
            } catch (IOException e) {
                stats.uploadFailures.incrementAndGet();
                throw e;
            }
            lag -= segment.length();
            stats.uploadLagBytes.set(lag);
        }
    }

    private void upload(SealedSegment segment) throws IOException {
        String key = TieredSegments.key(segment.baseOffset());
        int crc = localCrc(segment);
        long written = Files.getLastModifiedTime(segment.file()).toMillis();
        objects.put(key, segment.file());
        int stored = storedCrc(key, segment.length());
        if (stored != crc) {
            objects.delete(key);
            throw new IOException(
                    key
                            + ": CRC32C of the object "
                            + Integer.toHexString(stored)
                            + " differs from the segment's "
                            + Integer.toHexString(crc));
        }
        manifest.add(
                new UploadManifest.Entry(segment.baseOffset(), segment.length(), crc, written));
        stats.unreachable = false;
        stats.objectsUploaded.incrementAndGet();
        stats.bytesUploaded.addAndGet(segment.length());
        LOG.info(
                "Offloaded commit-log segment {} ({} bytes) as {}",
                segment.file(),
                segment.length(),
                key);
    }

    private static int localCrc(SealedSegment segment) throws IOException {
        CRC32C crc = new CRC32C();
        ByteBuffer buffer = ByteBuffer.allocate(1 << 20);
        try (FileChannel channel = FileChannel.open(segment.file(), StandardOpenOption.READ)) {
            long position = 0;
            while (position < segment.length()) {
                buffer.clear()
                        .limit((int) Math.min(buffer.capacity(), segment.length() - position));
                int read = channel.read(buffer, position);
                if (read < 0) {
                    throw new IOException(segment.file() + " is shorter than " + segment.length());
                }
                buffer.flip();
                crc.update(buffer);
                position += read;
            }
        }
        return (int) crc.getValue();
    }

    /** The CRC32C of the object as the store returns it, read back whole. */
    private int storedCrc(String key, int length) throws IOException {
        CRC32C crc = new CRC32C();
        objects.readAll(key, length, crc::update);
        return (int) crc.getValue();
    }

    /**
     * Deletes from the tier, oldest first and once they are off the local disk, the segments older
     * than its retention and those beyond its size bound: the manifest forgets one before its
     * object goes, so a crash between the two leaves an object nothing refers to (the next start's
     * sweep deletes it), never an entry whose object is missing.
     */
    private void expire() throws IOException {
        boolean deleted = false;
        for (UploadManifest.Entry first = manifest.first();
                first != null && first.baseOffset() + first.length() <= local.localMinOffset();
                first = manifest.first()) {
            String why = whyDelete(first);
            if (why == null) {
                break;
            }
            manifest.remove(first.baseOffset());
            objects.delete(TieredSegments.key(first.baseOffset()));
            stats.objectsDeleted.incrementAndGet();
            deleted = true;
            LOG.info("Deleted segment {} from the tier: {}", first.baseOffset(), why);
        }
        if (deleted) {
            local.followMinOffset();
        }
    }

    /** Why the tier's oldest segment goes now (its age, the tier's size), or null if it stays. */
    private String whyDelete(UploadManifest.Entry oldest) {
        long reserveMillis = TimeUnit.HOURS.toMillis(settings.reserveHours());
        if (oldest.writtenMillis() + reserveMillis <= clock.millis()) {
            return "older than tieredStoreFileReservedTime";
        }
        if (settings.maxBytes() > 0 && manifest.totalBytes() > settings.maxBytes()) {
            return "the tier holds more than tieredStoreMaxBytes";
        }
        return null;
    }
}
