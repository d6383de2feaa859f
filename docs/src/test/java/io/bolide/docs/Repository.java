package io.bolide.docs;

import java.io.IOException;
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

/**
 * The repository as the documentation test sees it: its root, and its text files of the kinds that
 * cite documents (Java, Markdown, shell, XML, Python), build output and ignored directories left
 * out.
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
                        if (a.isRegularFile() && SCANNED.contains(extension(file))) {
                            files.add(file);
                        }
                        return FileVisitResult.CONTINUE;
                    }
                });
        return files;
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
