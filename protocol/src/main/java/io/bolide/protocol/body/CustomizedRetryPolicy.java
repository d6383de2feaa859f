package io.bolide.protocol.body;

import java.util.List;

/** Retry delays (ms) given one by one; the n-th retry waits {@code next[n]}. */
public record CustomizedRetryPolicy(List<Long> next) {

    /** Copies the delays, null becoming empty. */
    public CustomizedRetryPolicy {
        next = Frozen.list(next);
    }
}
