package io.bolide.remoting;

/**
 * TLS settings of one listener, with the meaning the reference gives its {@code tls.server.*}
 * settings. Certificate and key are PEM files (the key PKCS#8, encrypted when {@code keyPassword}
 * is set); they are read again whenever they change, so a renewed certificate is used by new
 * connections without a restart.
 *
 * @param mode disabled, permissive or enforcing
 * @param certPath the server's certificate chain (PEM); empty = a self-signed one in test mode
 * @param keyPath the server's private key (PEM)
 * @param keyPassword the key's password, empty if it is not encrypted
 * @param clientAuth whether a client certificate is asked for: none, optional or require
 * @param authClient whether a client certificate is checked against {@code trustCertPath}; when
 *     false any client certificate is accepted (the reference's default)
 * @param trustCertPath the certificates client certificates must chain to (PEM); empty = the JDK's
 * @param testMode the reference's {@code tls.test.mode.enable}: without certificate files, serve a
 *     self-signed certificate generated at start
 * @param ciphers cipher suites, comma separated; empty = the engine's defaults
 * @param protocols protocol versions, comma separated; empty = the engine's defaults
 * @param handshakeTimeoutMillis a connection that has not completed its handshake this long after
 *     it started is closed
 * @param reloadIntervalMillis how often the certificate files are checked for changes
 */
public record ServerTlsConfig(
        TlsMode mode,
        String certPath,
        String keyPath,
        String keyPassword,
        String clientAuth,
        boolean authClient,
        String trustCertPath,
        boolean testMode,
        String ciphers,
        String protocols,
        long handshakeTimeoutMillis,
        long reloadIntervalMillis) {

    /** Plain TCP: the default. */
    public static final ServerTlsConfig DISABLED =
            new ServerTlsConfig(
                    TlsMode.DISABLED, "", "", "", "none", false, "", false, "", "", 10_000, 30_000);

    /** Validates the settings. */
    public ServerTlsConfig {
        Checks.notNull("mode", mode);
        Checks.notNull("certPath", certPath);
        Checks.notNull("keyPath", keyPath);
        Checks.notNull("keyPassword", keyPassword);
        Checks.notNull("trustCertPath", trustCertPath);
        Checks.notNull("ciphers", ciphers);
        Checks.notNull("protocols", protocols);
        TlsFiles.clientAuth(Checks.notNull("clientAuth", clientAuth));
        Checks.range("handshakeTimeoutMillis", handshakeTimeoutMillis, 1, 3_600_000);
        Checks.range("reloadIntervalMillis", reloadIntervalMillis, 1, 86_400_000);
    }

    /** Whether the listener accepts TLS at all. */
    public boolean enabled() {
        return mode != TlsMode.DISABLED;
    }

    /** These settings with {@code value} as the mode. */
    public ServerTlsConfig withMode(TlsMode value) {
        return new ServerTlsConfig(
                value,
                certPath,
                keyPath,
                keyPassword,
                clientAuth,
                authClient,
                trustCertPath,
                testMode,
                ciphers,
                protocols,
                handshakeTimeoutMillis,
                reloadIntervalMillis);
    }

    /** These settings with the given certificate and key files. */
    public ServerTlsConfig withFiles(String cert, String key) {
        return new ServerTlsConfig(
                mode,
                cert,
                key,
                keyPassword,
                clientAuth,
                authClient,
                trustCertPath,
                testMode,
                ciphers,
                protocols,
                handshakeTimeoutMillis,
                reloadIntervalMillis);
    }

    /** These settings with the given handshake deadline and certificate check period. */
    public ServerTlsConfig withTimes(long handshakeMillis, long reloadMillis) {
        return new ServerTlsConfig(
                mode,
                certPath,
                keyPath,
                keyPassword,
                clientAuth,
                authClient,
                trustCertPath,
                testMode,
                ciphers,
                protocols,
                handshakeMillis,
                reloadMillis);
    }
}
