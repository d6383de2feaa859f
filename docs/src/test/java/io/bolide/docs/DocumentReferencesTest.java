package io.bolide.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Documents and code comments cite documents by repository path (for example {@code
 * docs/protocol/codes.md} or {@code broker/README.md}); a clone must have every one of them, and
 * nothing may send readers to notes outside the repository.
 */
class DocumentReferencesTest {
    /** Where design notes lived before they moved into docs/; built here so this file passes. */
    private static final List<String> OUTSIDE = List.of(".." + "/shared", "/work" + "/shared");

    private final Repository repository = Repository.locate();

    @Test
    void shouldFindEveryCitedDocumentInTheRepository() throws IOException {
        List<DocumentReferences.Reference> all = new ArrayList<>();
        for (Path file : repository.textFiles()) {
            all.addAll(DocumentReferences.in(file, Repository.lines(file)));
        }
        List<String> missing = new ArrayList<>();
        for (DocumentReferences.Reference reference : all) {
            if (!resolves(reference)) {
                missing.add(
                        repository.root().relativize(reference.file())
                                + ":"
                                + reference.line()
                                + ": "
                                + reference.target());
            }
        }
        // A wrong root or a broken pattern would find nothing, and pass for the wrong reason.
        assertThat(all).as("references found").hasSizeGreaterThan(50);
        assertThat(missing).as("cited documents that do not exist").isEmpty();
    }

    @Test
    void shouldNotPointOutsideTheRepository() throws IOException {
        List<String> found = new ArrayList<>();
        for (Path file : repository.textFiles()) {
            List<String> lines = Repository.lines(file);
            for (int i = 0; i < lines.size(); i++) {
                for (String outside : OUTSIDE) {
                    if (lines.get(i).contains(outside)) {
                        found.add(repository.root().relativize(file) + ":" + (i + 1));
                    }
                }
            }
        }
        assertThat(found).as("lines naming notes outside the repository").isEmpty();
    }

    @Test
    void shouldReadLinkTargetsAndPathsButNotLinkTextAddressesOrShellVariables() {
        Path file = repository.root().resolve(md("docs/example.MD"));
        List<String> lines =
                mdLines(
                        "See [codes.MD](protocol/codes.MD#4-response-codes) and `broker/README.MD`,",
                        "not https://example.org/x/README.MD nor \"$OUT/table.MD\" nor *.MD.",
                        "[store](../store/README.MD \"title\") and [up](#anchor).");
        assertThat(DocumentReferences.in(file, lines))
                .extracting(DocumentReferences.Reference::target)
                .containsExactly(
                        md("protocol/codes.MD"), md("broker/README.MD"), md("../store/README.MD"));
    }

    @Test
    void shouldNotResolveADocumentThatDoesNotExist() {
        Path file = repository.root().resolve("broker/src/main/java/Example.java");
        DocumentReferences.Reference reference =
                DocumentReferences.in(file, mdLines(" * (codes.MD §4)")).get(0);
        assertThat(resolves(reference)).isFalse();
    }

    @Test
    void shouldResolveLinksAgainstTheCitingFileAndPathsAgainstTheRoot() {
        Path page = repository.root().resolve(md("docs/protocol/README.MD"));
        List<DocumentReferences.Reference> references =
                DocumentReferences.in(
                        page,
                        mdLines(
                                "[a](framing.MD), [b](../architecture.MD), docs/protocol/codes.MD"));
        assertThat(references).hasSize(3).allMatch(this::resolves);
    }

    /**
     * This file's sample citations are written with ".MD" and turned into ".md" here, so that the
     * scan of this very file does not take them for citations.
     */
    private static String md(String text) {
        return text.replace(".MD", ".md");
    }

    private static List<String> mdLines(String... lines) {
        return Arrays.stream(lines).map(DocumentReferencesTest::md).toList();
    }

    /**
     * A Markdown link resolves against the citing file's directory, as a renderer does. A plain
     * path resolves against the repository root, or, in a Markdown file, against its directory (a
     * page naming its sibling). Either way it must stay inside the repository. A plain path into a
     * {@code target/} directory names a script's output and is not checked.
     */
    private boolean resolves(DocumentReferences.Reference reference) {
        Path dir = reference.file().getParent();
        if (!reference.link() && isBuildOutput(reference.target())) {
            return true; // a report a script writes under target/: absent until it runs
        }
        if (reference.link()) {
            return exists(dir.resolve(reference.target()));
        }
        boolean markdown = Repository.extension(reference.file()).equals("md");
        return exists(repository.root().resolve(reference.target()))
                || (markdown && exists(dir.resolve(reference.target())));
    }

    private static boolean isBuildOutput(String target) {
        return target.startsWith("target/") || target.contains("/target/");
    }

    private boolean exists(Path path) {
        Path normal = path.normalize();
        return normal.startsWith(repository.root()) && Files.exists(normal);
    }
}
