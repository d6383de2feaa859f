package io.bolide.remoting;

/**
 * Told of every answered request (the metrics endpoint's latency histogram). It runs on whichever
 * thread answers, for every request, so it must be cheap, must not block and must not allocate.
 */
@FunctionalInterface
public interface RequestObserver {
    /**
     * {@code requestCode} was answered with {@code responseCode}, {@code nanos} after its frame was
     * dispatched.
     */
    void answered(int requestCode, int responseCode, long nanos);
}
