package io.bolide.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Words about how the work on Bolide was organised rather than about the software: a numbered work
 * period or wave, the work periods of other people sharing the host, the assistants that did the
 * work. The repository names a run, a fix or a campaign by its date, its commit, its issue (#N) or
 * its release instead. A session in the software's sense (TLS, HTTP, a client's) carries no number
 * and is not matched.
 */
final class WorkWording {
    /**
     * Each alternative in turn: a numbered session ({@code session} and a number, with a space, a
     * hyphen or nothing between, also its possessive or a range); a numbered wave; other people's
     * sessions (possessive after {@code other}, {@code another} or {@code several}); assistants
     * named as the workers. The words are spelt with a character class where this source would
     * otherwise match itself.
     */
    static final Pattern PATTERN =
            Pattern.compile(
                    "\\bsessions?[ -]?[0-9]+"
                            + "|\\bwaves?[ -]?[0-9]+"
                            + "|\\b(?:other|another|several) sessions?'"
                            + "|\\bhelper[ ]agents?\\b",
                    Pattern.CASE_INSENSITIVE);

    private WorkWording() {}

    /** One line that speaks of the work's organisation, and the words that do. */
    record Hit(Path file, int line, String words, String text) {
        @Override
        public String toString() {
            return file + ":" + line + ": \"" + words + "\" in: " + text.strip();
        }
    }

    static List<Hit> in(Path file, List<String> lines) {
        List<Hit> hits = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher words = PATTERN.matcher(lines.get(i));
            if (words.find()) {
                hits.add(new Hit(file, i + 1, words.group(), lines.get(i)));
            }
        }
        return hits;
    }
}
