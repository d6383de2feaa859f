package io.bolide.broker.ha;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.store.EpochFile;
import io.bolide.store.MessageStore;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Controller mode's replication side of one broker, switched at run time as the reference's
 * controller-mode broker is ({@code changeToMaster(epoch, syncStateSetEpoch)}, {@code
 * changeToSlave(master, epoch, brokerId)}): a master starts a term (its epoch and the log end it
 * starts at go to the epoch file) and serves slaves over the epoch-aware link; a slave follows a
 * master, first cutting its log back to the last term they share. The store switches between a
 * master's and a replica's with it.
 */
public final class ReplicationRole implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationRole.class);

    private final BrokerConfig config;
    private final MessageStore store;
    private final EpochFile epochs;
    private HaMaster master;
    private HaClient client;

    /** The controller's SyncStateSet as this broker holds it, or null without a controller. */
    private final InSyncSet inSync;

    private ReplicationRole(
            BrokerConfig config, MessageStore store, EpochFile epochs, InSyncSet inSync) {
        this.config = config;
        this.store = store;
        this.epochs = epochs;
        this.inSync = inSync;
    }

    /** Reads the broker's epoch file; neither role runs until one of the changes below. */
    public static ReplicationRole open(BrokerConfig config, MessageStore store) throws IOException {
        return open(config, store, null);
    }

    private static ReplicationRole open(BrokerConfig config, MessageStore store, InSyncSet inSync)
            throws IOException {
        return new ReplicationRole(
                config, store, EpochFile.open(config.storePathRootDir()), inSync);
    }

    /**
     * Opens the role and enters the one {@code config} names in term {@code epoch} (0: classic HA,
     * no epochs, the role fixed): a master starts (or resumes) the term, a slave follows {@code
     * haMasterAddress} as {@code brokerId}.
     */
    public static ReplicationRole start(BrokerConfig config, MessageStore store, int epoch)
            throws IOException {
        return start(config, store, epoch, null);
    }

    /**
     * As {@link #start(BrokerConfig, MessageStore, int)}, a master's SYNC sends waiting for the
     * members of {@code inSync} (the controller's SyncStateSet) when it is not null.
     */
    public static ReplicationRole start(
            BrokerConfig config, MessageStore store, int epoch, InSyncSet inSync)
            throws IOException {
        if (epoch == 0) {
            return classic(config, store);
        }
        ReplicationRole role = open(config, store, inSync);
        if (config.brokerRole().isMaster()) {
            role.changeToMaster(epoch, epoch);
        } else {
            role.changeToSlave(config.haMasterAddress(), epoch, config.brokerId());
        }
        return role;
    }

    /** Classic HA (no epochs): the role is the configured one and never changes. */
    private static ReplicationRole classic(BrokerConfig config, MessageStore store)
            throws IOException {
        ReplicationRole role = new ReplicationRole(config, store, null, null);
        if (config.brokerRole().isMaster()) {
            role.master = HaMaster.start(config, store);
        } else {
            role.client = HaClient.start(config, store);
        }
        return role;
    }

    /**
     * Becomes the master of term {@code epoch}: stops following, takes local writes, records the
     * term from the current log end (a term already recorded is resumed) and serves slaves.
     */
    public synchronized void changeToMaster(int epoch, int syncStateSetEpoch) throws IOException {
        requireEpochs();
        if (epoch < epochs.lastEpoch()) {
            throw new IllegalArgumentException(
                    "epoch " + epoch + " is older than this broker's " + epochs.lastEpoch());
        }
        stop();
        // This log is the group's now: every record in it becomes readable, and the queues take
        // their next offsets from all of them (a held dispatch would hand out taken offsets).
        store.readLimit().lift();
        store.changeRole(false);
        epochs.append(epoch, store.maxPhysicalOffset());
        master = HaMaster.start(config, store, mode(0));
        store.writeGate(master::enoughInSync);
        LOG.info(
                "HA: master of epoch {} from offset {} (sync-state-set epoch {})",
                epoch,
                store.maxPhysicalOffset(),
                syncStateSetEpoch);
    }

    /**
     * Becomes a slave (id {@code brokerId}) of the master whose HA listener is at {@code
     * masterHaAddress} in its term {@code epoch}; the link handshakes and cuts this log back first.
     */
    public synchronized void changeToSlave(String masterHaAddress, int epoch, long brokerId)
            throws IOException {
        requireEpochs();
        stop();
        // Past what is readable now, a slave reads only what its master confirms (ReadLimit).
        store.readLimit().holdAt(store.dispatchedOffset());
        store.changeRole(true);
        client = HaClient.start(config, store, mode(brokerId));
        // Empty in controller mode: the name servers' answers tell it (MasterAddress).
        client.masterHaAddress(masterHaAddress.isEmpty() ? null : masterHaAddress);
        LOG.info("HA: slave {} of {} in epoch {}", brokerId, masterHaAddress, epoch);
    }

    private void requireEpochs() {
        if (epochs == null) {
            throw new IllegalStateException("classic HA: the role is the configured one");
        }
    }

    private EpochMode mode(long brokerId) {
        return new EpochMode(
                epochs,
                brokerId,
                config.inSyncRules().allAck(),
                config.inSyncRules().minReplicas(),
                inSync);
    }

    private void stop() {
        store.writeGate(null);
        if (master != null) {
            master.close();
            master = null;
        }
        if (client != null) {
            client.close();
            client = null;
        }
    }

    /** The terms this broker holds, oldest first. */
    public EpochFile epochs() {
        return epochs;
    }

    /** The HA master while this broker is one, else null. */
    public synchronized HaMaster master() {
        return master;
    }

    /** The HA client while this broker is a slave, else null. */
    public synchronized HaClient client() {
        return client;
    }

    @Override
    public synchronized void close() {
        stop();
    }
}
