package io.bolide.remoting;

import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.OpenSsl;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;
import io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import io.netty.handler.ssl.util.SelfSignedCertificate;
import java.io.File;
import java.security.cert.CertificateException;
import java.util.Arrays;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * Builds Netty {@link SslContext}s from PEM files as the settings describe. The engine is OpenSSL
 * (BoringSSL through netty-tcnative) where the platform has it: it costs less CPU per byte than the
 * JDK's engine; the JDK's everywhere else.
 */
final class TlsFiles {
    private TlsFiles() {}

    /** The engine every context uses: OpenSSL when its native library loads, else the JDK's. */
    static SslProvider provider() {
        return OpenSsl.isAvailable() ? SslProvider.OPENSSL : SslProvider.JDK;
    }

    /** The reference's {@code tls.server.need.client.auth} values: none, optional, require. */
    static ClientAuth clientAuth(String text) {
        switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "none":
                return ClientAuth.NONE;
            case "optional":
                return ClientAuth.OPTIONAL;
            case "require":
                return ClientAuth.REQUIRE;
            default:
                throw new IllegalArgumentException(
                        "tls.server.need.client.auth must be none, optional or require, got '"
                                + text
                                + "'");
        }
    }

    /**
     * A server context from the files the settings name (or a self-signed certificate in test mode
     * without files).
     *
     * @throws IllegalStateException naming the file that could not be used
     */
    static SslContext server(ServerTlsConfig config) {
        try {
            SslContextBuilder builder = serverKeys(config).sslProvider(provider());
            ClientAuth auth = clientAuth(config.clientAuth());
            if (auth != ClientAuth.NONE) {
                if (!config.authClient()) {
                    builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
                } else if (!config.trustCertPath().isEmpty()) {
                    builder.trustManager(new File(config.trustCertPath()));
                }
            }
            builder.clientAuth(auth);
            return restrict(builder, config.ciphers(), config.protocols()).build();
        } catch (SSLException | RuntimeException e) {
            throw new IllegalStateException(
                    "cannot set up TLS from certificate "
                            + config.certPath()
                            + " and key "
                            + config.keyPath()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static SslContextBuilder serverKeys(ServerTlsConfig config) {
        if (config.certPath().isEmpty() != config.keyPath().isEmpty()) {
            throw new IllegalArgumentException(
                    "tls.server.certPath and tls.server.keyPath go together");
        }
        if (config.certPath().isEmpty()) {
            if (!config.testMode()) {
                throw new IllegalArgumentException(
                        "TLS mode "
                                + config.mode().text()
                                + " needs tls.server.certPath and tls.server.keyPath (or"
                                + " tls.test.mode.enable=true for a self-signed certificate)");
            }
            return selfSigned();
        }
        return SslContextBuilder.forServer(
                new File(config.certPath()),
                new File(config.keyPath()),
                config.keyPassword().isEmpty() ? null : config.keyPassword());
    }

    private static SslContextBuilder selfSigned() {
        try {
            SelfSignedCertificate certificate = new SelfSignedCertificate();
            return SslContextBuilder.forServer(certificate.key(), certificate.cert());
        } catch (CertificateException | RuntimeException | LinkageError e) {
            throw new IllegalStateException(
                    "tls.test.mode.enable without certificate files needs a self-signed"
                            + " certificate, which this JVM cannot generate; set"
                            + " tls.server.certPath and tls.server.keyPath",
                    e);
        }
    }

    /**
     * A client context: the server's certificate checked against the trust file (or the JDK's
     * trusted certificates), or not checked at all when the settings say so.
     *
     * @throws IllegalStateException naming the file that could not be used
     */
    static SslContext client(ClientTlsConfig config) {
        try {
            SslContextBuilder builder = SslContextBuilder.forClient().sslProvider(provider());
            if (!config.verifiesServer()) {
                builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
            } else if (!config.trustCertPath().isEmpty()) {
                builder.trustManager(new File(config.trustCertPath()));
            }
            if (!config.certPath().isEmpty()) {
                builder.keyManager(
                        new File(config.certPath()),
                        new File(config.keyPath()),
                        config.keyPassword().isEmpty() ? null : config.keyPassword());
            }
            return restrict(builder, config.ciphers(), config.protocols()).build();
        } catch (SSLException | RuntimeException e) {
            throw new IllegalStateException("cannot set up client TLS: " + e.getMessage(), e);
        }
    }

    private static SslContextBuilder restrict(
            SslContextBuilder builder, String ciphers, String protocols) {
        if (!ciphers.isBlank()) {
            builder.ciphers(Arrays.asList(ciphers.trim().split("\\s*,\\s*")));
        }
        if (!protocols.isBlank()) {
            builder.protocols(protocols.trim().split("\\s*,\\s*"));
        }
        return builder;
    }
}
