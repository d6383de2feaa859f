package io.bolide.broker.admin;

import io.bolide.protocol.body.DataVersion;
import java.util.Map;

/**
 * The broker's configuration as admin tools read and change it while it runs (GET_BROKER_CONFIG,
 * UPDATE_BROKER_CONFIG). The assembly adapts the root package's settings to it, so this package
 * needs nothing of how configuration is declared.
 */
public interface LiveSettings {
    /** Changes with every applied update. */
    DataVersion version();

    /** Every key with its current value as {@code key=value} lines. */
    String text();

    /**
     * Applies {@code updates} all or nothing, and keeps them so a restart applies them too.
     *
     * @return null when applied, else why not
     */
    String update(Map<String, String> updates);
}
