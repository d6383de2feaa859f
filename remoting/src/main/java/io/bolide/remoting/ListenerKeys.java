package io.bolide.remoting;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The configuration keys of one listener's TLS and connection limits, declared into the table of
 * the role that owns the listener (broker, name server; another listener of the same role would
 * declare its own), and read back as a {@link ServerTlsConfig} and {@link ConnectionLimits}. The
 * TLS keys carry the reference's {@code tls.*} names; see {@link TlsSources} for where their values
 * come from.
 */
public final class ListenerKeys {
    /** The reference's {@code tls.config.file}. */
    public final Key<String> tlsConfigFile;

    /** The reference's {@code tls.server.mode}. */
    public final Key<TlsMode> tlsMode;

    private final Key<String> certPath;
    private final Key<String> keyPath;
    private final Key<String> keyPassword;
    private final Key<String> needClientAuth;
    private final Key<Boolean> authClient;
    private final Key<String> trustCertPath;
    private final Key<Boolean> testMode;
    private final Key<String> ciphers;
    private final Key<String> protocols;
    private final Key<Long> handshakeTimeout;
    private final Key<Long> reloadInterval;
    private final Key<Integer> idleSeconds;
    private final Key<Integer> maxConnections;
    private final Key<Integer> maxPerAddress;
    private final Key<Long> frameTimeout;
    private final Key<Integer> maxRequests;

    // The keys as declared, before a table gives them a position; added in this order.
    private static final Key<String> CONFIG_FILE =
            TlsKeys.string(
                    "tls.config.file",
                    TlsSources.DEFAULT_FILE,
                    "properties file with tls.* settings, read if it exists (the reference's)");
    private static final Key<String> CERT_PATH =
            TlsKeys.string(
                    "tls.server.certPath",
                    "",
                    "server certificate chain (PEM); re-read when it changes");
    private static final Key<String> KEY_PATH =
            TlsKeys.string(
                    "tls.server.keyPath",
                    "",
                    "server private key (PKCS#8 PEM); re-read when it changes");
    private static final Key<String> KEY_PASSWORD =
            TlsKeys.string(
                    "tls.server.keyPassword",
                    "",
                    "password of an encrypted tls.server.keyPath; empty = not encrypted");
    private static final Key<Boolean> AUTH_CLIENT =
            TlsKeys.bool(
                    "tls.server.authClient",
                    false,
                    "check client certificates against tls.server.trustCertPath");
    private static final Key<String> TRUST_CERT_PATH =
            TlsKeys.string(
                    "tls.server.trustCertPath",
                    "",
                    "certificates client certificates must chain to (PEM)");
    private static final Key<Boolean> TEST_MODE =
            TlsKeys.bool(
                    "tls.test.mode.enable",
                    true,
                    "without certificate files serve a self-signed one; clients trust any server");
    private static final Key<String> CIPHERS =
            TlsKeys.string(
                    "tls.ciphers",
                    "",
                    "cipher suites, comma separated; empty = the engine's defaults");
    private static final Key<String> PROTOCOLS =
            TlsKeys.string(
                    "tls.protocols",
                    "",
                    "TLS versions, comma separated (TLSv1.3,TLSv1.2); empty = the engine's"
                            + " defaults");
    private static final Key<Long> HANDSHAKE_TIMEOUT =
            Key.ofLong(
                            "tlsHandshakeTimeoutMillis",
                            10_000,
                            1,
                            3_600_000,
                            "a TLS handshake not finished this long after it started is closed"
                                    + " (ms)")
                    .bolideOnly();
    private static final Key<Long> RELOAD_INTERVAL =
            Key.ofLong(
                            "tlsReloadIntervalMillis",
                            30_000,
                            100,
                            86_400_000,
                            "how often the certificate files are checked for changes (ms)")
                    .bolideOnly();
    private static final Key<Integer> IDLE_SECONDS =
            Key.ofInt(
                    "serverChannelMaxIdleTimeSeconds",
                    120,
                    1,
                    86_400,
                    "a connection without reads or writes this long is closed (s)");
    private static final Key<Integer> MAX_CONNECTIONS =
            Key.ofInt(
                            "maxConnections",
                            ConnectionLimits.DEFAULT.maxConnections(),
                            0,
                            Integer.MAX_VALUE,
                            "open connections at most; more are closed as accepted; 0 = no cap")
                    .bolideOnly();
    private static final Key<Integer> MAX_PER_ADDRESS =
            Key.ofInt(
                            "maxConnectionsPerAddress",
                            ConnectionLimits.DEFAULT.maxConnectionsPerAddress(),
                            0,
                            Integer.MAX_VALUE,
                            "open connections from one source address at most; 0 = no cap")
                    .bolideOnly();
    private static final Key<Long> FRAME_TIMEOUT =
            Key.ofLong(
                            "frameTimeoutMillis",
                            ConnectionLimits.DEFAULT.frameTimeoutMillis(),
                            0,
                            86_400_000,
                            "a connection that sent part of a frame and not the rest this long is"
                                    + " closed (ms); 0 = never")
                    .bolideOnly();
    private static final Key<Integer> MAX_REQUESTS =
            Key.ofInt(
                            "maxRequestsInFlightPerConnection",
                            ConnectionLimits.DEFAULT.maxRequestsInFlight(),
                            0,
                            1 << 24,
                            "requests of one connection awaiting answers above which it is not"
                                    + " read until half are answered; 0 = no limit")
                    .bolideOnly();

    private ListenerKeys(KeyTable.Builder keys) {
        tlsConfigFile = keys.add(CONFIG_FILE);
        tlsMode = keys.add(TlsKeys.mode());
        certPath = keys.add(CERT_PATH);
        keyPath = keys.add(KEY_PATH);
        keyPassword = keys.add(KEY_PASSWORD);
        needClientAuth = keys.add(TlsKeys.clientAuth());
        authClient = keys.add(AUTH_CLIENT);
        trustCertPath = keys.add(TRUST_CERT_PATH);
        testMode = keys.add(TEST_MODE);
        ciphers = keys.add(CIPHERS);
        protocols = keys.add(PROTOCOLS);
        handshakeTimeout = keys.add(HANDSHAKE_TIMEOUT);
        reloadInterval = keys.add(RELOAD_INTERVAL);
        idleSeconds = keys.add(IDLE_SECONDS);
        maxConnections = keys.add(MAX_CONNECTIONS);
        maxPerAddress = keys.add(MAX_PER_ADDRESS);
        frameTimeout = keys.add(FRAME_TIMEOUT);
        maxRequests = keys.add(MAX_REQUESTS);
    }

    /** Declares the keys into {@code keys}, in the order the docs list them. */
    public static ListenerKeys declare(KeyTable.Builder keys) {
        return new ListenerKeys(keys);
    }

    /** The listener's TLS settings from {@code values}, system properties and the TLS file. */
    public ServerTlsConfig tls(ConfigValues values) {
        TlsSources sources = TlsSources.of(values, tlsConfigFile);
        return new ServerTlsConfig(
                sources.get(tlsMode),
                sources.get(certPath),
                sources.get(keyPath),
                sources.get(keyPassword),
                sources.get(needClientAuth),
                sources.get(authClient),
                sources.get(trustCertPath),
                sources.get(testMode),
                sources.get(ciphers),
                sources.get(protocols),
                values.get(handshakeTimeout),
                values.get(reloadInterval));
    }

    /**
     * The TLS settings of a listener whose own default mode is {@code whenUnset} (the gRPC port's
     * permissive, as the reference proxy serves it): that mode when {@code tls.server.mode} is set
     * nowhere (config file, TLS file, system property), unless no certificate could be served (no
     * files and {@code tls.test.mode.enable=false}); a mode that was asked for is kept.
     */
    public ServerTlsConfig tls(ConfigValues values, TlsMode whenUnset) {
        ServerTlsConfig tls = tls(values);
        boolean noCertificate = tls.certPath().isEmpty() && !tls.testMode();
        return TlsSources.of(values, tlsConfigFile).isSet(tlsMode) || noCertificate
                ? tls
                : tls.withMode(whenUnset);
    }

    /** The listener's connection limits. */
    public ConnectionLimits limits(ConfigValues values) {
        return new ConnectionLimits(
                values.get(maxConnections),
                values.get(maxPerAddress),
                values.get(frameTimeout),
                values.get(maxRequests));
    }

    /** Seconds without traffic after which a connection is closed. */
    public int idleSeconds(ConfigValues values) {
        return values.get(idleSeconds);
    }
}
