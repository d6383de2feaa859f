package io.bolide.protocol.body;

import java.util.Map;

/**
 * The addresses of one broker name: broker id (0 = master) to {@code ip:port}. Apache writes the
 * ids as unquoted numbers ({@code {0:"..."}}); both forms are read, quoted keys are written.
 */
public record BrokerData(
        String cluster,
        String brokerName,
        Map<Long, String> brokerAddrs,
        boolean enableActingMaster,
        String zoneName) {

    /** Copies {@code brokerAddrs}, null becoming empty. */
    public BrokerData {
        brokerAddrs = Frozen.map(brokerAddrs);
    }
}
