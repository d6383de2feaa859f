package io.bolide.broker.config;

/** A broker's place in its group (RocketMQ's names, as {@code brokerRole} reads them). */
public enum BrokerRole {
    /** Acknowledges a send once stored locally; slaves follow asynchronously. */
    ASYNC_MASTER,
    /** Acknowledges a send only once a slave holds it too. */
    SYNC_MASTER,
    /** Follows a master's commit log; serves reads, refuses sends. */
    SLAVE;

    /** True for both master roles. */
    public boolean isMaster() {
        return this != SLAVE;
    }
}
