package io.bolide.store;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.agrona.collections.LongArrayList;

/**
 * The index files under {@code <root>/index/}: keys (each KEYS token) and UNIQ_KEY of every
 * dispatched record, hashed with their topic. Written by the dispatch agent; queried by any thread.
 */
final class IndexService {
    private static final byte SEPARATOR = '#';

    private final Path dir;
    private final int slots;
    private final int entries;
    private final boolean zeroFill;
    private final WindowPlan plan;
    private final List<IndexFile> files = new CopyOnWriteArrayList<>();

    IndexService(Path dir, StoreConfig config) {
        this(dir, config, WindowPlan.whole());
    }

    IndexService(Path dir, StoreConfig config, WindowPlan plan) {
        this.dir = dir;
        this.plan = plan;
        this.slots = config.indexSlots();
        this.entries = config.indexEntries();
        this.zeroFill = config.preallocate();
    }

    /**
     * Maps the existing files. After a crash the newest one may be torn, so it is sealed and new
     * entries (dispatch re-reads from the checkpoint) go to a fresh file.
     */
    void load(boolean crashed) throws IOException {
        List<Path> paths = StoreFiles.numberedFiles(dir);
        for (int i = 0; i < paths.size(); i++) {
            long name = StoreFiles.offsetOf(paths.get(i));
            IndexFile file = IndexFile.open(dir, name, slots, entries, false, plan);
            if (crashed || i < paths.size() - 1) {
                file.seal();
            }
            files.add(file);
        }
    }

    /** Indexes the record's UNIQ_KEY and each space-separated KEYS token. */
    void put(DispatchRecord r) throws IOException {
        ByteBuffer b = r.buffer;
        if (r.uniqKeyPos >= 0) {
            add(hash(b, r.topicPos, r.topicLength, r.uniqKeyPos, r.uniqKeyLength), r);
        }
        if (r.keysPos >= 0) {
            int start = r.keysPos;
            int end = r.keysPos + r.keysLength;
            for (int i = start; i <= end; i++) {
                if (i == end || b.get(i) == ' ') {
                    if (i > start) {
                        add(hash(b, r.topicPos, r.topicLength, start, i - start), r);
                    }
                    start = i + 1;
                }
            }
        }
    }

    private void add(int keyHash, DispatchRecord r) throws IOException {
        IndexFile file = files.isEmpty() ? null : files.get(files.size() - 1);
        if (file == null || !file.isWritable()) {
            if (file != null) {
                file.flush();
                file.seal();
            }
            long name = file == null ? r.phys : Math.max(r.phys, file.file().baseOffset() + 1);
            file = IndexFile.open(dir, name, slots, entries, zeroFill, plan);
            files.add(file);
        }
        file.put(keyHash, r.phys, r.storeTimestamp);
    }

    /** Commit-log offsets indexed under topic#key within [begin, end], newest file first. */
    LongArrayList query(String topic, String key, int max, long begin, long end) {
        int keyHash = hash(topic, key);
        LongArrayList out = new LongArrayList();
        for (int i = files.size() - 1; i >= 0 && out.size() < max; i--) {
            IndexFile file = files.get(i);
            if (file.endTimestamp() >= begin && file.beginTimestamp() <= end) {
                file.collect(keyHash, begin, end, max, out);
            }
        }
        return out;
    }

    long lastTimestamp() {
        return files.isEmpty() ? 0 : files.get(files.size() - 1).endTimestamp();
    }

    long lastPhys() {
        return files.isEmpty() ? 0 : files.get(files.size() - 1).endPhys();
    }

    /** Forces the newest file (checkpoint thread). */
    void flush() {
        if (!files.isEmpty()) {
            files.get(files.size() - 1).flush();
        }
    }

    /** Deletes files (never the newest) whose every entry points below {@code commitLogMin}. */
    int deleteBelow(long commitLogMin) throws IOException {
        List<IndexFile> doomed = new ArrayList<>();
        for (int i = 0; i < files.size() - 1; i++) {
            IndexFile file = files.get(i);
            if (file.endPhys() >= commitLogMin) {
                break;
            }
            doomed.add(file);
        }
        files.removeAll(doomed);
        for (IndexFile file : doomed) {
            file.file().delete();
        }
        return doomed.size();
    }

    void close() throws IOException {
        for (IndexFile file : files) {
            file.file().close();
        }
    }

    static int hash(String topic, String key) {
        byte[] t = topic.getBytes(StandardCharsets.UTF_8);
        byte[] k = key.getBytes(StandardCharsets.UTF_8);
        int h = 0;
        for (byte c : t) {
            h = 31 * h + c;
        }
        h = 31 * h + SEPARATOR;
        for (byte c : k) {
            h = 31 * h + c;
        }
        return h;
    }

    private static int hash(ByteBuffer b, int topicPos, int topicLength, int keyPos, int len) {
        int h = 0;
        for (int i = 0; i < topicLength; i++) {
            h = 31 * h + b.get(topicPos + i);
        }
        h = 31 * h + SEPARATOR;
        for (int i = 0; i < len; i++) {
            h = 31 * h + b.get(keyPos + i);
        }
        return h;
    }
}
