package io.bolide.remoting;

/**
 * TLS settings of a {@link RemotingClient}, with the meaning the reference gives its {@code
 * tls.client.*} settings.
 *
 * @param enabled whether connections speak TLS (the broker's {@code useTLS})
 * @param certPath the client's certificate chain (PEM), for servers that ask for one; may be empty
 * @param keyPath the client's private key (PEM)
 * @param keyPassword the key's password, empty if it is not encrypted
 * @param authServer whether the server's certificate is checked against {@code trustCertPath} (the
 *     JDK's trusted certificates when empty); when false, and in test mode, any is accepted
 * @param trustCertPath the certificates server certificates must chain to (PEM)
 * @param testMode the reference's {@code tls.test.mode.enable}: accept any server certificate
 * @param ciphers cipher suites, comma separated; empty = the engine's defaults
 * @param protocols protocol versions, comma separated; empty = the engine's defaults
 * @param handshakeTimeoutMillis a handshake not finished this long after connecting fails
 */
public record ClientTlsConfig(
        boolean enabled,
        String certPath,
        String keyPath,
        String keyPassword,
        boolean authServer,
        String trustCertPath,
        boolean testMode,
        String ciphers,
        String protocols,
        long handshakeTimeoutMillis) {

    /** Plain TCP: the default. */
    public static final ClientTlsConfig DISABLED =
            new ClientTlsConfig(false, "", "", "", false, "", false, "", "", 10_000);

    /** TLS that accepts any server certificate: the reference client's default when enabled. */
    public static final ClientTlsConfig TRUST_ANY =
            new ClientTlsConfig(true, "", "", "", false, "", true, "", "", 10_000);

    /** Validates the settings. */
    public ClientTlsConfig {
        Checks.notNull("certPath", certPath);
        Checks.notNull("keyPath", keyPath);
        Checks.notNull("keyPassword", keyPassword);
        Checks.notNull("trustCertPath", trustCertPath);
        Checks.notNull("ciphers", ciphers);
        Checks.notNull("protocols", protocols);
        Checks.range("handshakeTimeoutMillis", handshakeTimeoutMillis, 1, 3_600_000);
        if (certPath.isEmpty() != keyPath.isEmpty()) {
            throw new IllegalArgumentException(
                    "tls.client.certPath and tls.client.keyPath go together");
        }
    }

    /** Whether the server's certificate is checked at all. */
    boolean verifiesServer() {
        return authServer && !testMode;
    }
}
