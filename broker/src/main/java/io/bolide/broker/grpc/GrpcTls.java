package io.bolide.broker.grpc;

import io.bolide.remoting.ServerTlsConfig;
import io.bolide.remoting.TlsMode;
import io.grpc.ServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.GrpcSslContexts;
import io.grpc.netty.shaded.io.grpc.netty.InternalNettyServerCredentials;
import io.grpc.netty.shaded.io.netty.handler.ssl.ClientAuth;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContext;
import io.grpc.netty.shaded.io.netty.handler.ssl.SslContextBuilder;
import io.grpc.netty.shaded.io.netty.handler.ssl.util.InsecureTrustManagerFactory;
import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import javax.net.ssl.SSLException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TLS on the gRPC port, from the very settings of the remoting port ({@code tls.server.*}, docs
 * /security.md): the same mode, certificate, key, client-certificate rule, ciphers and protocols.
 * grpc-java has its own shaded Netty, so the context is built again with its classes (ALPN {@code
 * h2}, which HTTP/2 over TLS needs, comes from {@link GrpcSslContexts}).
 */
final class GrpcTls {
    private static final Logger LOG = LoggerFactory.getLogger(GrpcTls.class);

    private GrpcTls() {}

    /**
     * What the server listens with: plaintext when disabled, TLS only when enforcing, either one
     * (the first bytes decide) when permissive, as the reference proxy serves its gRPC port; every
     * connection goes through {@link FirstBytes}, which names the clients it cannot serve. Without
     * certificate files (and with {@code tls.test.mode.enable}, the default) the port serves its
     * own self-signed certificate, kept in {@code selfSignedDir} ({@link SelfSignedFiles}).
     *
     * @param host the advertised host, a name of the self-signed certificate besides localhost
     * @throws IllegalStateException naming the file that could not be used
     */
    static ServerCredentials credentials(ServerTlsConfig config, Path selfSignedDir, String host) {
        if (config.mode() == TlsMode.DISABLED) {
            LOG.info("gRPC port: plaintext only (tls.server.mode=disabled)");
            return InternalNettyServerCredentials.create(
                    new FirstBytes(TlsMode.DISABLED, null, ""));
        }
        ServerTlsConfig served = config;
        String trust = "the authority that issued " + config.certPath();
        if (config.certPath().isEmpty() && config.keyPath().isEmpty() && config.testMode()) {
            SelfSignedFiles files = SelfSignedFiles.inDirectory(selfSignedDir, host);
            served = config.withFiles(files.certificate().toString(), files.key().toString());
            trust = files.certificate() + " (SHA-256 " + files.fingerprint() + ")";
        }
        SslContext context = context(served);
        LOG.info(
                "gRPC port: TLS {} ({}), certificate {}",
                config.mode().text(),
                config.mode() == TlsMode.PERMISSIVE ? "TLS and plaintext" : "TLS only",
                served.certPath());
        return InternalNettyServerCredentials.create(new FirstBytes(config.mode(), context, trust));
    }

    static SslContext context(ServerTlsConfig config) {
        try {
            SslContextBuilder builder = GrpcSslContexts.configure(keys(config));
            ClientAuth auth = clientAuth(config.clientAuth());
            if (auth != ClientAuth.NONE) {
                if (!config.authClient()) {
                    builder.trustManager(InsecureTrustManagerFactory.INSTANCE);
                } else if (!config.trustCertPath().isEmpty()) {
                    builder.trustManager(new File(config.trustCertPath()));
                }
            }
            builder.clientAuth(auth);
            if (!config.ciphers().isBlank()) {
                builder.ciphers(Arrays.asList(config.ciphers().trim().split("\\s*,\\s*")));
            }
            if (!config.protocols().isBlank()) {
                builder.protocols(config.protocols().trim().split("\\s*,\\s*"));
            }
            return builder.build();
        } catch (SSLException | RuntimeException e) {
            throw new IllegalStateException(
                    "cannot set up TLS on the gRPC port from certificate "
                            + config.certPath()
                            + " and key "
                            + config.keyPath()
                            + ": "
                            + e.getMessage(),
                    e);
        }
    }

    private static SslContextBuilder keys(ServerTlsConfig config) {
        if (config.certPath().isEmpty() != config.keyPath().isEmpty()) {
            throw new IllegalArgumentException(
                    "tls.server.certPath and tls.server.keyPath go together");
        }
        if (!config.certPath().isEmpty()) {
            return SslContextBuilder.forServer(
                    new File(config.certPath()),
                    new File(config.keyPath()),
                    config.keyPassword().isEmpty() ? null : config.keyPassword());
        }
        throw new IllegalArgumentException(
                "TLS mode "
                        + config.mode().text()
                        + " needs tls.server.certPath and tls.server.keyPath (or"
                        + " tls.test.mode.enable=true for a self-signed certificate)");
    }

    private static ClientAuth clientAuth(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "optional" -> ClientAuth.OPTIONAL;
            case "require" -> ClientAuth.REQUIRE;
            default -> ClientAuth.NONE; // validated by ServerTlsConfig
        };
    }
}
