package io.bolide.store;

/**
 * One master term of a broker group: {@code epoch} (the controller's number for the term) and the
 * commit-log offset of its first byte. The term ends where the next one starts, the last one at the
 * end of the log.
 */
public record EpochEntry(int epoch, long startOffset) {}
