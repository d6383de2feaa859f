package io.bolide.namesrv;

import io.bolide.protocol.body.BrokerData;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.UnaryOperator;

/**
 * The processes sharing one broker name: a master (id 0) and its slaves, by id. Mutable, guarded by
 * the {@link RouteTable}'s lock; {@link #snapshot()} hands out the wire form.
 */
final class BrokerGroup {
    /** The id of a master. */
    static final long MASTER_ID = 0L;

    final String cluster;
    final String brokerName;
    final TreeMap<Long, String> addresses = new TreeMap<>();
    boolean enableActingMaster;
    String zoneName;

    BrokerGroup(String cluster, String brokerName) {
        this.cluster = cluster;
        this.brokerName = brokerName;
    }

    /** Puts {@code address} at {@code id}; true when that id was not registered before. */
    boolean put(long id, String address) {
        // The same process re-registering under another id (a slave promoted) loses its old id.
        addresses.entrySet().removeIf(e -> e.getKey() != id && e.getValue().equals(address));
        return addresses.put(id, address) == null;
    }

    /** Removes every id registered with {@code address}. */
    void remove(String address) {
        addresses.values().removeIf(address::equals);
    }

    BrokerData snapshot() {
        return new BrokerData(cluster, brokerName, addresses, enableActingMaster, zoneName);
    }

    /** The wire form with each process's address as {@code addressOf} maps it. */
    BrokerData snapshot(UnaryOperator<String> addressOf) {
        Map<Long, String> mapped = new TreeMap<>();
        addresses.forEach((id, address) -> mapped.put(id, addressOf.apply(address)));
        return new BrokerData(cluster, brokerName, mapped, enableActingMaster, zoneName);
    }
}
