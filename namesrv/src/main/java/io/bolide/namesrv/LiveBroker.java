package io.bolide.namesrv;

import io.bolide.protocol.body.DataVersion;
import io.bolide.remoting.NamedAddresses;

/**
 * A broker process the name server has heard from: when, which topic-table version it last sent,
 * and over which connection. Mutable, guarded by the {@link RouteTable}'s lock.
 */
final class LiveBroker {
    final String brokerName;
    final long timeoutMillis;
    final DataVersion dataVersion;
    final Object connection;
    final String haServerAddr;
    final NamedAddresses advertised;
    long lastUpdateMillis;

    LiveBroker(
            String brokerName,
            long lastUpdateMillis,
            long timeoutMillis,
            DataVersion dataVersion,
            Object connection,
            String haServerAddr,
            NamedAddresses advertised) {
        this.brokerName = brokerName;
        this.lastUpdateMillis = lastUpdateMillis;
        this.timeoutMillis = timeoutMillis;
        this.dataVersion = dataVersion;
        this.connection = connection;
        this.haServerAddr = haServerAddr;
        this.advertised = advertised;
    }

    /** The address clients of {@code listener} reach this broker at, or {@code address}. */
    String addressFor(String listener, String address) {
        String advertisedThere = advertised.get(listener);
        return advertisedThere == null ? address : advertisedThere;
    }

    /** Whether the broker has been silent longer than it may be at {@code nowMillis}. */
    boolean expiredAt(long nowMillis) {
        return nowMillis - lastUpdateMillis > timeoutMillis;
    }
}
