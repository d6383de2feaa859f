package io.bolide.protocol.body;

/** One consume-queue entry in a {@link QueryConsumeQueueResponseBody}. */
public record ConsumeQueueData(
        long physicOffset,
        int physicSize,
        long tagsCode,
        String extendDataJson,
        String bitMap,
        boolean eval,
        String msg) {}
