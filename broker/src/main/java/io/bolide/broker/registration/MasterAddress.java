package io.bolide.broker.registration;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's master as the name servers last described it: its address (where the slave fetches
 * topics, offsets and groups) and its HA address (where the HA client connects). As in the
 * reference, every registration answer replaces the address, null included (no live master: the
 * slave stops fetching), while the HA address changes only when an answer carries one, and never
 * when {@code haMasterAddress} is configured.
 */
public final class MasterAddress {
    private static final Logger LOG = LoggerFactory.getLogger(MasterAddress.class);

    /** Shorter than the shortest {@code h:port}: the reference's test for "configured". */
    private static final int MIN_CONFIGURED = 6;

    private final boolean haConfigured;
    private final List<MasterListener> listeners = new CopyOnWriteArrayList<>();
    private volatile String master;
    private volatile String ha;

    /** Controller mode: the master the controller named; answers naming another are ignored. */
    private volatile String expected;

    /**
     * @param configuredHa the {@code haMasterAddress} key ("" when not set)
     */
    public MasterAddress(String configuredHa) {
        this.haConfigured = configuredHa != null && configuredHa.length() >= MIN_CONFIGURED;
        this.ha = haConfigured ? configuredHa : null;
    }

    /** The master's address for admin calls, or null while no master is known to be live. */
    public String master() {
        return master;
    }

    /** The master's HA address, or null until one is configured or learned. */
    public String haAddress() {
        return ha;
    }

    /** Adds a listener, told the HA address at once when it is already known. */
    public void listen(MasterListener listener) {
        listeners.add(listener);
        String known = ha;
        if (known != null) {
            listener.masterHaAddress(known);
        }
    }

    /**
     * Controller mode: follows only answers naming {@code masterAddr} as the master (a name server
     * may still list a master the controller replaced); "" follows none.
     */
    public void expect(String masterAddr) {
        expected = masterAddr;
    }

    /** Applies one registration answer's {@code masterAddr} and {@code haServerAddr}. */
    synchronized void learned(String masterAddr, String haAddr) {
        String only = expected;
        if (only != null && !only.equals(masterAddr)) {
            return;
        }
        if (!Objects.equals(master, masterAddr)) {
            LOG.info("master address {} -> {}", master, masterAddr);
            master = masterAddr;
        }
        if (haConfigured || haAddr == null || haAddr.equals(ha)) {
            return;
        }
        LOG.info("master HA address {} -> {}", ha, haAddr);
        ha = haAddr;
        for (MasterListener listener : listeners) {
            listener.masterHaAddress(haAddr);
        }
    }
}
