package io.bolide.store;

/**
 * One consume-queue entry as admin tools show it: where its record sits in the commit log, its size
 * and its tags code (see {@link TagsCodeRule}).
 */
public record QueueEntry(long queueOffset, long physicalOffset, int size, long tagsCode) {}
