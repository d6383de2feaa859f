package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.controller.ControllerAgent;
import io.bolide.broker.ha.HaClient;
import io.bolide.broker.ha.HaMaster;
import io.bolide.broker.ha.HaPortHold;
import io.bolide.broker.ha.ReplicationRole;
import io.bolide.broker.ha.ReplicationState;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.send.Replication;
import io.bolide.protocol.body.HARuntimeInfo;
import io.bolide.store.MessageStore;
import java.io.IOException;

/**
 * One broker's replication side for its life: a master's HA listener or a slave's HA client, as the
 * configured role (epoch 0) or the role a controller set for a term says.
 */
final class HaSide implements AutoCloseable {
    /** The HA listener of a master, or null on a slave. */
    private final HaMaster master;

    /** The HA client of a slave, or null on a master. */
    private final HaClient client;

    /** A controller-mode slave's hold on the HA port it binds when made master (HaPortHold). */
    private final HaPortHold hold;

    private HaSide(HaMaster master, HaClient client, HaPortHold hold) {
        this.master = master;
        this.client = client;
        this.hold = hold;
    }

    /** Epoch 0: classic HA; else the role a controller set in that term (epoch-aware HA). */
    static HaSide start(BrokerConfig config, MessageStore store, int epoch, ControllerAgent agent)
            throws IOException {
        ReplicationRole role =
                ReplicationRole.start(config, store, epoch, agent == null ? null : agent.inSync());
        HaPortHold hold =
                agent != null && role.master() == null
                        ? HaPortHold.of(config.bindAddress(), config.haListenPort())
                        : HaPortHold.NONE;
        return new HaSide(role.master(), role.client(), hold);
    }

    /** What the send path does once a send is stored, by role (docs/replication.md). */
    Replication forSends(BrokerRole role) {
        if (master == null) {
            return Replication.NONE;
        }
        HaMaster m = master;
        return role == BrokerRole.SYNC_MASTER
                ? (stored, wait) -> wait ? m.awaitSlave(stored) : m.appended(stored)
                : (stored, wait) -> m.appended(stored);
    }

    /**
     * Where this broker accepts replication, as name servers tell its slaves: the port a master's
     * HA listener bound; else haListenPort, or the reference's listen port + 1 (also when the
     * listen port was chosen at bind time).
     */
    String address(Advertised self, BrokerConfig config, int listenPort) {
        if (master != null) {
            return self.at(master.port());
        }
        int ha = config.haListenPort();
        return self.at(ha != 0 ? ha : listenPort + 1);
    }

    /** Replication as this broker sees it: its slaves (a master) or its link (a slave). */
    ReplicationState state() {
        return master != null ? master.state() : client.state();
    }

    /** GET_BROKER_HA_STATUS's body, or null when the broker replicates neither way. */
    HARuntimeInfo runtime() {
        return master != null ? master.runtime() : client != null ? client.runtime() : null;
    }

    /** {@link #state()}, or null when the broker replicates neither way. */
    ReplicationState stateOrNull() {
        return master == null && client == null ? null : state();
    }

    HaMaster master() {
        return master;
    }

    HaClient client() {
        return client;
    }

    /** The bound HA port of a master, or 0 on a slave. */
    int port() {
        return master == null ? 0 : master.port();
    }

    @Override
    public void close() {
        hold.close();
        if (master != null) {
            master.close();
        }
        if (client != null) {
            client.close();
        }
    }
}
