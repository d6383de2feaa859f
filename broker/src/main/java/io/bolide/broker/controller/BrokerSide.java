package io.bolide.broker.controller;

import java.io.IOException;
import java.util.Map;

/** What the controller client asks of its broker: role switches and replication's state. */
public interface BrokerSide {
    /** Becomes the group's master in term {@code epoch}. */
    void becomeMaster(int epoch, int syncStateSetEpoch) throws IOException;

    /** Becomes slave {@code id} of the master at {@code masterAddress} in term {@code epoch}. */
    void becomeSlave(String masterAddress, int epoch, long id) throws IOException;

    /** The address clients and the controller know this broker by ({@code host:port}). */
    String address();

    /** The commit-log end. */
    long maxOffset();

    /** A master: what a slave must hold to join the SyncStateSet; else the commit-log end. */
    long joinOffset();

    /** A master: each linked slave's acknowledged offset by broker id; else empty. */
    Map<Long, Long> slaveAcks();

    /** A slave: whether its HA link to the master is up. */
    boolean linked();

    /** Registers with the name servers again (a slave still looking for its master's HA port). */
    void registerAgain();
}
