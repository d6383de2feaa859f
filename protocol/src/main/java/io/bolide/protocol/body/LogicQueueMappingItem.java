package io.bolide.protocol.body;

/**
 * One stretch of a static topic's logic queue: logic offsets from {@code logicOffset} live on
 * physical queue {@code queueId} of broker {@code bname}, starting at physical offset {@code
 * startOffset} and ending (exclusive) at {@code endOffset}, or open-ended while {@code endOffset}
 * is -1 or not past the start (the newest stretch, where sends go). {@code gen} counts the moves of
 * the logic queue. A logic offset maps to a physical one by a constant shift within a stretch.
 */
public record LogicQueueMappingItem(
        int gen,
        int queueId,
        String bname,
        long logicOffset,
        long startOffset,
        long endOffset,
        long timeOfStart,
        long timeOfEnd) {

    /** Whether this stretch is closed: a later one took over writes at {@code endOffset}. */
    public boolean ended() {
        return endOffset > startOffset;
    }

    /** The physical offset of {@code logic} in this stretch. */
    public long physical(long logic) {
        return logic - logicOffset + startOffset;
    }

    /** The logic offset of {@code physical}, which must not lie before this stretch. */
    public long logic(long physical) {
        return logicOffset + Math.max(0, physical - startOffset);
    }

    /** The logic offset of {@code physical}, clamped into this stretch when it is closed. */
    public long logicClamped(long physical) {
        long clamped = Math.max(physical, startOffset);
        if (ended()) {
            clamped = Math.min(clamped, endOffset);
        }
        return logicOffset + clamped - startOffset;
    }

    /** What a reader adds to a physical offset to get the logic one. */
    public long delta() {
        return logicOffset - startOffset;
    }

    /** The first logic offset after this stretch, or -1 while it is open. */
    public long logicEnd() {
        return ended() ? logicOffset + endOffset - startOffset : -1;
    }
}
