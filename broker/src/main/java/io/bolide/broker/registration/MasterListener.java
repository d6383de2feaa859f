package io.bolide.broker.registration;

/**
 * Told where this slave's master accepts replication: the HA client implements it. Called on the
 * registration thread, once with the configured {@code haMasterAddress} or, when none is
 * configured, each time a name server's registration answer names a different master HA address.
 */
@FunctionalInterface
public interface MasterListener {
    /** The master's HA address ({@code host:port}) is now {@code haAddress}. */
    void masterHaAddress(String haAddress);
}
