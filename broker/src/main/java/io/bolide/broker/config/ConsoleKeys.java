package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * The web console's keys (docs/console.md, #35), declared here and tabled in {@link
 * BrokerConfigKeys}. Off by default for a broker, as the gRPC port: several brokers on one host
 * must not all claim one port; {@code bolide start} turns it on.
 */
final class ConsoleKeys {
    static final Key<Integer> CONSOLE_PORT =
            Key.ofInt(
                            "consolePort",
                            -1,
                            -1,
                            65535,
                            "port of the built-in web console and its HTTP JSON API; -1 = off, 0 ="
                                    + " any free port")
                    .bolideOnly();

    static final Key<String> CONSOLE_ADDRESS =
            Key.ofString(
                            "consoleAddress",
                            "127.0.0.1",
                            "local address the web console binds: loopback unless an operator"
                                    + " opens it wider (plain HTTP; a login only with ACL on:"
                                    + " docs/console.md)")
                    .bolideOnly();

    private ConsoleKeys() {}
}
