package io.bolide.broker.grpc;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.Base64;
import java.util.HexFormat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC port's own certificate when none is configured: made at the first start, kept as PEM
 * files in the data directory and used again by every later start, so clients that pinned it keep
 * working across restarts. Each start logs it once, with its SHA-256 fingerprint.
 *
 * @param certificate the certificate (PEM): what a client that checks certificates trusts
 * @param key its private key (PKCS#8 PEM, readable by the owner only)
 * @param fingerprint SHA-256 of the certificate's DER, as colon-separated hex
 */
record SelfSignedFiles(Path certificate, Path key, String fingerprint) {
    private static final Logger LOG = LoggerFactory.getLogger(SelfSignedFiles.class);
    static final String CERTIFICATE = "grpc-server.crt";
    static final String KEY = "grpc-server.key";
    private static final Duration VALIDITY = Duration.ofDays(3650);

    /**
     * The files in {@code dir}, made for {@code host} (besides localhost) if they are not there.
     *
     * @throws IllegalStateException if they can neither be read nor made
     */
    static SelfSignedFiles inDirectory(Path dir, String host) {
        Path certificate = dir.resolve(CERTIFICATE);
        Path key = dir.resolve(KEY);
        try {
            boolean made = !(Files.isRegularFile(certificate) && Files.isRegularFile(key));
            if (made) {
                write(
                        dir,
                        GeneratedCertificate.create(GeneratedCertificate.namesFor(host), VALIDITY));
            }
            SelfSignedFiles files =
                    new SelfSignedFiles(certificate, key, fingerprint(read(certificate)));
            LOG.info(
                    "gRPC port: {} self-signed certificate {} (SHA-256 {}); clients that check"
                            + " certificates must trust this file, or configure"
                            + " tls.server.certPath / tls.server.keyPath",
                    made ? "made a" : "serving the",
                    certificate,
                    files.fingerprint());
            return files;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException(
                    "cannot make or read the gRPC port's self-signed certificate in "
                            + dir
                            + " ("
                            + e
                            + "); set tls.server.certPath and tls.server.keyPath, or"
                            + " tls.server.mode=disabled",
                    e);
        }
    }

    /** SHA-256 of {@code certificate}'s DER encoding, as {@code AB:CD:...}. */
    static String fingerprint(X509Certificate certificate) throws GeneralSecurityException {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded());
        return HexFormat.ofDelimiter(":").withUpperCase().formatHex(digest);
    }

    private static X509Certificate read(Path file) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(file)) {
            return (X509Certificate)
                    CertificateFactory.getInstance("X.509").generateCertificate(in);
        }
    }

    /** The key first, then the certificate: a start that finds the certificate finds its key. */
    private static void write(Path dir, GeneratedCertificate made)
            throws IOException, GeneralSecurityException {
        Files.createDirectories(dir);
        writeAtomically(dir, KEY, pem("PRIVATE KEY", made.key().getEncoded()), true);
        writeAtomically(
                dir, CERTIFICATE, pem("CERTIFICATE", made.certificate().getEncoded()), false);
    }

    private static void writeAtomically(Path dir, String name, String text, boolean secret)
            throws IOException {
        Path temporary = dir.resolve(name + ".tmp");
        Files.deleteIfExists(temporary);
        try {
            if (secret) {
                Files.createFile(
                        temporary,
                        PosixFilePermissions.asFileAttribute(
                                PosixFilePermissions.fromString("rw-------")));
            }
        } catch (UnsupportedOperationException | FileAlreadyExistsException e) {
            // not a POSIX file system: the directory's own permissions protect it
        }
        Files.writeString(temporary, text, StandardCharsets.US_ASCII);
        try {
            Files.move(
                    temporary,
                    dir.resolve(name),
                    StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, dir.resolve(name), StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN "
                + type
                + "-----\n"
                + Base64.getMimeEncoder(64, new byte[] {'\n'}).encodeToString(der)
                + "\n-----END "
                + type
                + "-----\n";
    }
}
