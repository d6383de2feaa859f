package io.bolide.broker.config;

import io.bolide.remoting.NamedAddresses;
import io.bolide.remoting.config.Key;

/**
 * The broker's address per client network (docs/operations.md), declared here and tabled in {@link
 * BrokerConfigKeys} like every other key.
 */
final class NetworkKeys {
    static final Key<NamedAddresses> ADVERTISED_ADDRESSES =
            Key.of(
                            "advertisedAddresses",
                            NamedAddresses.class,
                            "name=host:port;...",
                            "",
                            NamedAddresses::parse,
                            NamedAddresses::toString,
                            "the address clients reach this broker at through each named listener"
                                    + " of the name servers (their listeners key), sent with every"
                                    + " registration; clients of other listeners get brokerIP1 and"
                                    + " listenPort. The broker still binds bindAddress:listenPort"
                                    + " (all interfaces by default). Empty = one address for"
                                    + " everyone, as the reference")
                    .bolideOnly();

    private NetworkKeys() {}
}
