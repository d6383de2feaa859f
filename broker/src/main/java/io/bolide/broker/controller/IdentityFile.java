package io.bolide.broker.controller;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The id a controller gave this broker, kept so a restart keeps it, in the reference's text layout:
 * {@code brokerIdentity} holds {@code cluster#brokerName#id}; while an id is claimed but not yet
 * confirmed, {@code brokerIdentity-temp} holds {@code cluster#brokerName#id#checkCode} (the claim
 * is repeated after a crash with the same check code, which the controller accepts again).
 */
final class IdentityFile {
    private final Path file;
    private final Path temp;

    IdentityFile(Path file) {
        this.file = file;
        this.temp = file.resolveSibling(file.getFileName() + "-temp");
    }

    /** A confirmed id: the cluster and broker name it was given for, and the id. */
    record Identity(String cluster, String brokerName, long id, String checkCode) {
        String line() {
            return cluster
                    + '#'
                    + brokerName
                    + '#'
                    + id
                    + (checkCode == null ? "" : "#" + checkCode);
        }

        boolean sameGroup(String otherCluster, String otherName) {
            return cluster.equals(otherCluster) && brokerName.equals(otherName);
        }
    }

    /** The confirmed identity, or null when there is none. */
    Identity confirmed() throws IOException {
        return read(file, 3);
    }

    /** The claimed, unconfirmed identity, or null. */
    Identity claimed() throws IOException {
        return read(temp, 4);
    }

    void claim(Identity identity) throws IOException {
        write(temp, identity.line());
    }

    /** The claim was accepted: the identity becomes the confirmed one and the claim goes. */
    void confirm(Identity identity) throws IOException {
        write(
                file,
                new Identity(identity.cluster(), identity.brokerName(), identity.id(), null)
                        .line());
        Files.deleteIfExists(temp);
    }

    void dropClaim() throws IOException {
        Files.deleteIfExists(temp);
    }

    private static Identity read(Path path, int parts) throws IOException {
        if (!Files.exists(path)) {
            return null;
        }
        String text = Files.readString(path, StandardCharsets.UTF_8).trim();
        String[] fields = text.split("#");
        if (fields.length != parts) {
            throw new IOException(
                    path
                            + " is not cluster#brokerName#id"
                            + (parts == 4 ? "#code" : "")
                            + ": "
                            + text);
        }
        try {
            long id = Long.parseLong(fields[2]);
            return new Identity(fields[0], fields[1], id, parts == 4 ? fields[3] : null);
        } catch (NumberFormatException e) {
            throw new IOException(path + " holds no broker id: " + text, e);
        }
    }

    /** Written whole or not at all: a temporary file, forced, renamed over the old one. */
    private static void write(Path path, String line) throws IOException {
        Files.createDirectories(path.toAbsolutePath().getParent());
        Path next = path.resolveSibling(path.getFileName() + ".writing");
        try (var channel =
                java.nio.channels.FileChannel.open(
                        next,
                        java.nio.file.StandardOpenOption.CREATE,
                        java.nio.file.StandardOpenOption.WRITE,
                        java.nio.file.StandardOpenOption.TRUNCATE_EXISTING)) {
            channel.write(java.nio.ByteBuffer.wrap(line.getBytes(StandardCharsets.UTF_8)));
            channel.force(true);
        }
        Files.move(next, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
