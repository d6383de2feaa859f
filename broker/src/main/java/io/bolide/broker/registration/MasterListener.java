package io.bolide.broker.registration;

/**
 * Told where this slave's master accepts replication: the HA client implements it. Called once with
 * the configured {@code haMasterAddress} (on the thread that adds the listener) or, when none is
 * configured, each time a name server's registration answer names a different master HA address (on
 * the I/O thread that received the answer: an implementation must not block).
 */
@FunctionalInterface
public interface MasterListener {
    /** The master's HA address ({@code host:port}) is now {@code haAddress}. */
    void masterHaAddress(String haAddress);
}
