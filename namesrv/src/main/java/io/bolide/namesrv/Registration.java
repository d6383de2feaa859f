package io.bolide.namesrv;

import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.remoting.NamedAddresses;
import java.util.List;

/**
 * One REGISTER_BROKER request, decoded.
 *
 * @param enableActingMaster the broker's flag, or null from a broker older than 5.0, which never
 *     sends it
 * @param timeoutMillis how long the broker may stay silent, or null for the name server's default
 * @param topics the broker's topic table, or null when the request carried none
 * @param connection the connection the request came in on; closing it removes the broker
 * @param advertised the broker's address for clients of each named listener (Bolide's own)
 */
record Registration(
        String cluster,
        String address,
        String brokerName,
        long brokerId,
        String haServerAddr,
        String zoneName,
        Long timeoutMillis,
        Boolean enableActingMaster,
        TopicConfigSerializeWrapper topics,
        List<String> filterServers,
        Object connection,
        NamedAddresses advertised) {

    /** The key of the live broker this registration refreshes. */
    BrokerKey key() {
        return new BrokerKey(cluster, address);
    }
}
