package io.bolide.bench.store;

/** One store under test: appends one 1 KiB message for a writer and waits for its ack. */
interface AppendTarget extends AutoCloseable {
    /** Appends message {@code seq} of {@code writer}; returns when the store acknowledged it. */
    void append(int writer, long seq) throws Exception;

    @Override
    void close();
}
