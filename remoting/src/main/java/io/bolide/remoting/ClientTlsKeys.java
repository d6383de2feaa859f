package io.bolide.remoting;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The configuration keys of a role's outbound TLS (the broker's calls to its name servers): the
 * reference's {@code useTLS} and {@code tls.client.*}, read back as a {@link ClientTlsConfig}. The
 * test mode, ciphers and protocols are the listener's ({@link ListenerKeys}), as in the reference,
 * where one set of {@code tls.*} settings serves both directions.
 */
public final class ClientTlsKeys {
    private final Key<Boolean> useTls;
    private final Key<String> certPath;
    private final Key<String> keyPath;
    private final Key<String> keyPassword;
    private final Key<Boolean> authServer;
    private final Key<String> trustCertPath;

    private ClientTlsKeys(KeyTable.Builder keys) {
        useTls =
                keys.add(
                        Key.ofBoolean(
                                "useTLS",
                                false,
                                "speak TLS to the name servers; when false, the system property"
                                        + " tls.enable decides, and without it whether this port"
                                        + " enforces TLS (as the reference)"));
        certPath =
                keys.add(
                        TlsKeys.string(
                                "tls.client.certPath",
                                "",
                                "certificate for name servers that ask for one (PEM)"));
        keyPath =
                keys.add(
                        TlsKeys.string(
                                "tls.client.keyPath",
                                "",
                                "private key of tls.client.certPath (PKCS#8 PEM)"));
        keyPassword =
                keys.add(
                        TlsKeys.string(
                                "tls.client.keyPassword",
                                "",
                                "password of an encrypted tls.client.keyPath"));
        authServer =
                keys.add(
                        TlsKeys.bool(
                                "tls.client.authServer",
                                false,
                                "check the name server's certificate (outside test mode)"));
        trustCertPath =
                keys.add(
                        TlsKeys.string(
                                "tls.client.trustCertPath",
                                "",
                                "certificates name server certificates must chain to (PEM); empty = the JDK's"));
    }

    /** Declares the keys into {@code keys}. */
    public static ClientTlsKeys declare(KeyTable.Builder keys) {
        return new ClientTlsKeys(keys);
    }

    /** The outbound TLS settings, sharing test mode, ciphers and protocols with {@code server}. */
    public ClientTlsConfig tls(ConfigValues values, ListenerKeys server) {
        TlsSources sources = TlsSources.of(values, server.tlsConfigFile);
        ServerTlsConfig shared = server.tls(values);
        // The reference's default: tls.enable, else TLS out when TLS is enforced in.
        boolean enforcing = shared.mode() == TlsMode.ENFORCING;
        boolean enabled =
                values.get(useTls)
                        || Boolean.parseBoolean(
                                System.getProperty("tls.enable", String.valueOf(enforcing)));
        return new ClientTlsConfig(
                enabled,
                sources.get(certPath),
                sources.get(keyPath),
                sources.get(keyPassword),
                sources.get(authServer),
                sources.get(trustCertPath),
                shared.testMode(),
                shared.ciphers(),
                shared.protocols(),
                shared.handshakeTimeoutMillis());
    }
}
