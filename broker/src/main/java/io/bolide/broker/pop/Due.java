package io.bolide.broker.pop;

/**
 * When the messages of one delivery become visible again, unless acknowledged first: an entry of
 * the revive schedule. Stale once its messages are acknowledged or given a new invisible time (the
 * delivery {@code popTime} no longer matches); it is then dropped when it comes due, never searched
 * for.
 */
record Due(long deadline, PopQueue queue, long popTime, long[] offsets, int count)
        implements Comparable<Due> {

    @Override
    public int compareTo(Due other) {
        return Long.compare(deadline, other.deadline);
    }
}
