package io.bolide.tier;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The bounded read cache of blocks fetched from the tier, keyed by the commit-log offset of a
 * block's first byte, least recently used out first once the bytes held pass the bound. A
 * sequential consumer reads a block once per {@link TieredSegments#BLOCK} bytes.
 */
final class BlockCache {
    private final long capacity;
    private final LinkedHashMap<Long, byte[]> blocks = new LinkedHashMap<>(64, 0.75f, true);
    private long held;

    BlockCache(long capacityBytes) {
        this.capacity = capacityBytes;
    }

    synchronized byte[] get(long start) {
        return blocks.get(start);
    }

    synchronized void put(long start, byte[] block) {
        if (block.length > capacity) {
            return;
        }
        byte[] old = blocks.put(start, block);
        held += block.length - (old == null ? 0 : old.length);
        Iterator<Map.Entry<Long, byte[]>> eldest = blocks.entrySet().iterator();
        while (held > capacity && eldest.hasNext()) {
            held -= eldest.next().getValue().length;
            eldest.remove();
        }
    }

    synchronized long heldBytes() {
        return held;
    }
}
