package io.bolide.broker.pop;

/**
 * A popped message not yet acknowledged: the delivery it belongs to ({@code popTime}, which its
 * receipt handle carries) and when it becomes visible again ({@code deadline}, epoch ms).
 */
record InFlight(long popTime, long deadline) {}
