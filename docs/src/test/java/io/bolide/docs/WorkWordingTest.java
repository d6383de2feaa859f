package io.bolide.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Documents, comments, scripts and test messages speak of the software, its issues and releases,
 * and date a run by its day or commit: every file git tracks is read for wording about how the work
 * was organised ({@link WorkWording}), and each offending line is reported as file:line.
 */
class WorkWordingTest {
    /** Spelt apart so that this file does not match the pattern it tests. */
    private static final String SESSION = "sess" + "ion";

    private static final String WAVE = "wa" + "ve";

    private final Repository repository = Repository.locate();

    @Test
    void shouldNotSpeakOfHowTheWorkWasOrganisedInAnyTrackedFile() throws IOException {
        List<Path> files = repository.trackedFiles();
        List<String> hits = new ArrayList<>();
        for (Path file : files) {
            Path name = repository.root().relativize(file);
            for (WorkWording.Hit hit : WorkWording.in(name, Repository.textLines(file))) {
                hits.add(hit.toString());
            }
        }
        // A wrong root or an empty listing would find nothing, and pass for the wrong reason.
        assertThat(files).as("tracked files read").hasSizeGreaterThan(500);
        assertThat(hits)
                .as(
                        "lines that name a numbered %s or %s instead of a date, commit or issue",
                        SESSION, WAVE)
                .isEmpty();
    }

    @Test
    void shouldFindNumberedSessionsAndWavesInEveryForm() {
        List<String> lines =
                List.of(
                        "The JIT's share cut (" + SESSION + " 12): broker CPU",
                        "on the code as "
                                + SESSION
                                + " 11 left it, after "
                                + SESSION
                                + " 10's fixes",
                        "every ratio within the " + SESSION + "s 6-7 spread",
                        "found in the " + SESSION + "-9 Bolide run",
                        "### " + capitalised(WAVE) + " 2 house check run",
                        "load 40-67: other " + SESSION + "s' builds",
                        "another " + SESSION + "'s broker held 21911",
                        "held until the helper" + " agents finished");
        assertThat(WorkWording.in(Path.of("docs/example.txt"), lines))
                .extracting(WorkWording.Hit::line)
                .containsExactly(1, 2, 3, 4, 5, 6, 7, 8);
    }

    @Test
    void shouldLeaveTheSoftwaresSessionsAlone() {
        List<String> lines =
                List.of(
                        "The established connection keeps its " + SESSION + "; a new one fails.",
                        "clients keep their " + SESSION + " until they reconnect",
                        "SSL" + capitalised(SESSION) + "Impl resumes a TLS " + SESSION,
                        "a client " + SESSION + " times out after 30 s, 3 " + SESSION + "s open",
                        "the flame graph's " + WAVE + "form of samples");
        assertThat(WorkWording.in(Path.of("remoting/src/test/java/Example.java"), lines)).isEmpty();
    }

    @Test
    void shouldReportTheFileTheLineAndTheWords() {
        Path file = Path.of("docs/reliability.md");
        List<String> lines = List.of("", "  Earlier runs (" + SESSION + " 7, before the fix)");
        assertThat(WorkWording.in(file, lines))
                .singleElement()
                .hasToString(
                        file
                                + ":2: \""
                                + SESSION
                                + " 7\" in: Earlier runs ("
                                + SESSION
                                + " 7, before the fix)");
    }

    private static String capitalised(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
