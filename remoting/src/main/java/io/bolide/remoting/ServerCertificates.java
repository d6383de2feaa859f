package io.bolide.remoting;

import io.netty.handler.ssl.SslContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A listener's TLS context, rebuilt when its certificate, key or trust files change: new
 * connections get the new context, established ones keep the one they started with. A file that is
 * half written or wrong when checked is logged and the previous context kept; the next check tries
 * again. Checked on a period rather than with a file-system watch, because certificate tools often
 * replace files through symlinks or in directories that watches do not follow.
 */
final class ServerCertificates {
    private static final Logger LOG = LoggerFactory.getLogger(ServerCertificates.class);

    private final ServerTlsConfig config;
    private volatile SslContext current;
    private List<String> stamp;
    private List<String> failedStamp;

    private ServerCertificates(ServerTlsConfig config) {
        this.config = config;
        this.stamp = stamp();
        this.current = TlsFiles.server(config);
    }

    /**
     * The context for {@code config}, built now.
     *
     * @throws IllegalStateException if the files cannot be used
     */
    static ServerCertificates load(ServerTlsConfig config) {
        ServerCertificates certificates = new ServerCertificates(config);
        LOG.info(
                "TLS {} with {} engine, certificate {}",
                config.mode().text(),
                TlsFiles.provider(),
                config.certPath().isEmpty() ? "self-signed (test mode)" : config.certPath());
        return certificates;
    }

    /** The context new connections use. */
    SslContext current() {
        return current;
    }

    /** The settings the context is built from. */
    ServerTlsConfig config() {
        return config;
    }

    /** Rebuilds the context if a file changed since the last check; true if it was replaced. */
    synchronized boolean refresh() {
        List<String> now = stamp();
        if (now.equals(stamp) || now.equals(failedStamp)) {
            return false;
        }
        try {
            current = TlsFiles.server(config);
            stamp = now;
            failedStamp = null;
            LOG.info("TLS certificate files changed: new connections use them");
            return true;
        } catch (IllegalStateException e) {
            failedStamp = now;
            LOG.warn(
                    "TLS certificate files changed but cannot be used; keeping the previous"
                            + " ones: {}",
                    e.getMessage());
            return false;
        }
    }

    /** Size and modification time of each file, or what went wrong reading them. */
    private List<String> stamp() {
        List<String> stamp = new ArrayList<>(3);
        for (String file :
                new String[] {config.certPath(), config.keyPath(), config.trustCertPath()}) {
            if (file.isEmpty()) {
                continue;
            }
            Path path = Path.of(file);
            try {
                stamp.add(Files.getLastModifiedTime(path) + "/" + Files.size(path));
            } catch (IOException e) {
                stamp.add(e.toString());
            }
        }
        return stamp;
    }
}
