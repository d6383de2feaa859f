package io.bolide.dist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Argument files, which picocli expanded and so the command still does: an argument {@code @FILE}
 * naming a readable file stands for the words in it, separated by white space, quoted with {@code
 * "} or {@code '} to keep spaces; a line starting with {@code #} is a comment. An {@code @word}
 * that names no file stays as it is.
 */
final class AtFiles {
    private AtFiles() {}

    /** Files may name files; this deep, an @word is taken as it is (a file naming itself). */
    private static final int MAX_DEPTH = 8;

    static List<String> expand(List<String> args) {
        return expand(args, 0);
    }

    private static List<String> expand(List<String> args, int depth) {
        List<String> expanded = new ArrayList<>(args.size());
        for (String arg : args) {
            Path file = arg.length() > 1 && arg.charAt(0) == '@' ? Path.of(arg.substring(1)) : null;
            if (file != null && depth < MAX_DEPTH && Files.isRegularFile(file)) {
                expanded.addAll(expand(words(file), depth + 1));
            } else {
                expanded.add(arg);
            }
        }
        return expanded;
    }

    private static List<String> words(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UsageException("cannot read argument file " + file + ": " + e.getMessage());
        }
        List<String> words = new ArrayList<>();
        for (String line : lines) {
            if (!line.strip().startsWith("#")) {
                split(line, words);
            }
        }
        return words;
    }

    private static void split(String line, List<String> words) {
        StringBuilder word = new StringBuilder();
        char quote = 0;
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else {
                    word.append(c);
                }
            } else if (c == '"' || c == '\'') {
                quote = c;
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) {
                    words.add(word.toString());
                    word.setLength(0);
                    inWord = false;
                }
            } else {
                word.append(c);
                inWord = true;
            }
        }
        if (inWord) {
            words.add(word.toString());
        }
    }
}
