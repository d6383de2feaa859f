package io.bolide.remoting;

import java.util.Locale;

/**
 * Whether a listener speaks TLS, with the reference's names ({@code tls.server.mode}): not at all,
 * both plain and TLS on one port (told apart by the connection's first bytes), or TLS only.
 */
public enum TlsMode {
    /** Plain TCP only; a TLS client fails its handshake. */
    DISABLED,
    /** TLS when the connection starts with a TLS record, plain TCP otherwise. */
    PERMISSIVE,
    /** TLS only; a plain-text client is closed. */
    ENFORCING;

    /** The mode called {@code name} in any case ("disabled", "permissive", "enforcing"). */
    public static TlsMode parse(String name) {
        for (TlsMode mode : values()) {
            if (mode.name().equalsIgnoreCase(name.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException(
                "expected disabled, permissive or enforcing, got '" + name + "'");
    }

    /** The reference's spelling: lower case. */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }
}
