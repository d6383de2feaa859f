package io.bolide.broker.table;

import io.bolide.protocol.body.BodyCodec;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A JSON document on disk, replaced atomically: written to a temporary file, forced, then moved
 * over the old one, so a crash leaves either the old or the new content, never a torn file.
 */
public final class JsonFile {
    private final Path path;

    public JsonFile(Path path) {
        this.path = path;
    }

    Path path() {
        return path;
    }

    /** The document as {@code type}, or null if the file does not exist. */
    public <T> T read(Class<T> type) throws IOException {
        if (!Files.exists(path)) {
            return null;
        }
        byte[] bytes = Files.readAllBytes(path);
        try {
            return BodyCodec.decode(bytes, type);
        } catch (RuntimeException e) {
            throw new IOException("cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    public void write(Object document) throws IOException {
        Files.createDirectories(path.getParent());
        Path tmp = path.resolveSibling(path.getFileName() + ".tmp");
        Files.write(tmp, BodyCodec.encode(document));
        try (var channel =
                java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
            channel.force(true);
        }
        try {
            Files.move(
                    tmp, path, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, path, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
