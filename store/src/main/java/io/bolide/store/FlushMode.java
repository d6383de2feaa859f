package io.bolide.store;

/** When an appended record is forced to disk relative to its acknowledgement. */
public enum FlushMode {
    /** Acknowledge after the append; a flush agent forces the commit log every interval. */
    ASYNC,
    /** Acknowledge only after a (group) flush covering the record has landed. */
    SYNC
}
