package io.bolide.docs;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * The repository as the documentation tests see it: its root, its text files of the kinds that cite
 * documents (Java, Markdown, shell, XML, Python), build output and ignored directories left out,
 * and every file git tracks, whatever its kind.
 */
final class Repository {
    private static final Set<String> SCANNED = Set.of("java", "md", "sh", "xml", "py");
    private static final String ROOT_PROPERTY = "bolide.repositoryRoot";

    private final Path root;

    private Repository(Path root) {
        this.root = root;
    }

    /**
     * The repository this test runs in: the directory Maven names in {@value #ROOT_PROPERTY}, or
     * else the nearest ancestor of the working directory that looks like the root (run from an
     * IDE).
     */
    static Repository locate() {
        String configured = System.getProperty(ROOT_PROPERTY);
        if (configured != null && !configured.isBlank() && isRoot(Path.of(configured))) {
            return new Repository(Path.of(configured).toAbsolutePath().normalize());
        }
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (isRoot(dir)) {
                return new Repository(dir.normalize());
            }
        }
        throw new IllegalStateException(
                "no Bolide repository root above " + Path.of("").toAbsolutePath());
    }

    /** The parent pom and the build's shared configuration are only at the root. */
    private static boolean isRoot(Path dir) {
        return Files.isRegularFile(dir.resolve("pom.xml"))
                && Files.isDirectory(dir.resolve("config/checkstyle"))
                && Files.isRegularFile(dir.resolve("README.md"));
    }

    Path root() {
        return root;
    }

    /** Every scanned file, skipping {@code .git} and the directories {@code .gitignore} names. */
    List<Path> textFiles() throws IOException {
        return walk(file -> SCANNED.contains(extension(file)));
    }

    private List<Path> walk(Predicate<Path> wanted) throws IOException {
        IgnoredDirectories ignored = IgnoredDirectories.of(root);
        List<Path> files = new ArrayList<>();
        Files.walkFileTree(
                root,
                new SimpleFileVisitor<>() {
                    @Override
                    public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes a) {
                        return dir.equals(root) || !ignored.contains(root.relativize(dir))
                                ? FileVisitResult.CONTINUE
                                : FileVisitResult.SKIP_SUBTREE;
                    }

                    @Override
                    public FileVisitResult visitFile(Path file, BasicFileAttributes a) {
                        if (a.isRegularFile() && wanted.test(file)) {
                            files.add(file);
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
        return files;
    }

    /**
     * Every file {@code git ls-files} lists, or, where git cannot answer (no git on the path, a
     * source archive without {@code .git}), every file of the tree outside {@code .git} and the
     * directories {@code .gitignore} names.
     */
    List<Path> trackedFiles() throws IOException {
        List<Path> listed = gitLsFiles();
        return listed != null ? listed : walk(file -> true);
    }

    private List<Path> gitLsFiles() throws IOException {
        Process git;
        try {
            git =
                    new ProcessBuilder("git", "ls-files", "-z")
                            .directory(root.toFile())
                            .redirectError(ProcessBuilder.Redirect.DISCARD)
                            .start();
        } catch (IOException noGit) {
            return null;
        }
        byte[] out;
        try (InputStream in = git.getInputStream()) {
            out = in.readAllBytes();
        }
        try {
            if (!git.waitFor(60, TimeUnit.SECONDS) || git.exitValue() != 0) {
                git.destroyForcibly();
                return null;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while git listed the files", e);
        }
        List<Path> files = new ArrayList<>();
        for (String name : new String(out, StandardCharsets.UTF_8).split("\0")) {
            Path file = root.resolve(name);
            if (!name.isEmpty() && Files.isRegularFile(file)) {
                files.add(file); // a file deleted but not yet staged is listed and absent
            }
        }
        return files;
    }

    /**
     * The lines of a text file, none for a binary one (a NUL byte among its first 8 KiB, git's own
     * test). Bytes that are not UTF-8 read as replacement characters.
     */
    static List<String> textLines(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return List.of();
            }
        }
        return new String(bytes, StandardCharsets.UTF_8).lines().toList();
    }

    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String extension(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? "" : name.substring(dot + 1);
    }

    /**
     * Directory patterns of {@code .gitignore} (lines ending in {@code /}): a leading {@code /}
     * anchors one at the root, otherwise it matches a directory of that name anywhere. {@code .git}
     * is always ignored.
     */
    private record IgnoredDirectories(Set<Path> anchored, Set<String> names) {
        static IgnoredDirectories of(Path root) throws IOException {
            Set<Path> anchored = new HashSet<>();
            Set<String> names = new HashSet<>(Set.of(".git"));
            Path gitignore = root.resolve(".gitignore");
            List<String> patterns = Files.exists(gitignore) ? lines(gitignore) : List.of("target/");
            for (String line : patterns) {
                String pattern = line.trim();
                if (!pattern.endsWith("/") || pattern.startsWith("#") || pattern.contains("*")) {
                    continue;
                }
                pattern = pattern.substring(0, pattern.length() - 1);
                if (pattern.startsWith("/")) {
                    anchored.add(Path.of(pattern.substring(1)));
                } else {
                    names.add(pattern);
                }
            }
            return new IgnoredDirectories(anchored, names);
        }

        boolean contains(Path relative) {
            return anchored.contains(relative) || names.contains(relative.getFileName().toString());
        }
    }
}
