package io.bolide.testsupport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.util.Base64;
import java.util.concurrent.TimeUnit;

/**
 * A fresh self-signed certificate and its unencrypted private key as PEM files, made at test time
 * with the JDK's own {@code keytool}: no private key is ever committed, and no extra library is
 * needed. Each call makes a new key pair, so two calls give two certificates that do not trust each
 * other (what a certificate-rotation test needs).
 *
 * @param certificate the certificate (PEM); also the trust anchor a peer needs to verify it
 * @param privateKey the private key (PKCS#8 PEM)
 */
public record TestCertificates(Path certificate, Path privateKey) {
    private static final String PASSWORD = "test-only";
    private static final String ALIAS = "bolide-test";

    /** A certificate for {@code CN=localhost} in {@code dir}, files named after {@code name}. */
    public static TestCertificates generate(Path dir, String name) throws IOException {
        Path store = dir.resolve(name + ".p12");
        Files.deleteIfExists(store);
        keytool(store);
        try (InputStream in = Files.newInputStream(store)) {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            keys.load(in, PASSWORD.toCharArray());
            Certificate certificate = keys.getCertificate(ALIAS);
            Key key = keys.getKey(ALIAS, PASSWORD.toCharArray());
            Path certFile = dir.resolve(name + ".crt");
            Path keyFile = dir.resolve(name + ".key");
            writeAtomically(certFile, pem("CERTIFICATE", certificate.getEncoded()));
            writeAtomically(keyFile, pem("PRIVATE KEY", key.getEncoded()));
            return new TestCertificates(certFile, keyFile);
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot read the generated key store " + store, e);
        } finally {
            Files.deleteIfExists(store);
        }
    }

    /** Copies this pair over {@code target}'s files, each replaced in one rename. */
    public void replace(TestCertificates target) throws IOException {
        writeAtomically(target.certificate(), Files.readString(certificate));
        writeAtomically(target.privateKey(), Files.readString(privateKey));
    }

    private static void keytool(Path store) throws IOException {
        Path keytool = Path.of(System.getProperty("java.home"), "bin", "keytool");
        Process process =
                new ProcessBuilder(
                                keytool.toString(),
                                "-genkeypair",
                                "-alias",
                                ALIAS,
                                "-keyalg",
                                "EC",
                                "-groupname",
                                "secp256r1",
                                "-dname",
                                "CN=localhost",
                                "-ext",
                                "SAN=dns:localhost,ip:127.0.0.1",
                                "-validity",
                                "2",
                                "-storetype",
                                "PKCS12",
                                "-keystore",
                                store.toString(),
                                "-storepass",
                                PASSWORD)
                        .redirectErrorStream(true)
                        .start();
        try {
            String output =
                    new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (!process.waitFor(60, TimeUnit.SECONDS) || process.exitValue() != 0) {
                throw new IOException("keytool failed: " + output);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while running keytool", e);
        }
    }

    private static String pem(String type, byte[] der) {
        String body =
                Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                        .encodeToString(der);
        return "-----BEGIN " + type + "-----\n" + body + "\n-----END " + type + "-----\n";
    }

    private static void writeAtomically(Path file, String text) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, text, StandardCharsets.US_ASCII);
        Files.move(
                temporary,
                file,
                StandardCopyOption.REPLACE_EXISTING,
                StandardCopyOption.ATOMIC_MOVE);
    }
}
