package io.bolide.docs;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The documents one file cites: the targets of its Markdown links (in Markdown files), and every
 * path-like word ending in {@code .md} (in any file), such as {@code docs/protocol/codes.md} in a
 * code comment or {@code broker/README.md} in a table. Web addresses are not references.
 */
final class DocumentReferences {
    /**
     * {@code [text](target)} or {@code [text](target "title")}; the anchor is not part of the path.
     * The text is what readers see, not a reference (it often repeats the target's name).
     */
    private static final Pattern MARKDOWN_LINK =
            Pattern.compile(
                    "\\[[^\\]]*\\]\\(\\s*<?([^)\\s>#]*)(?:#[^)\\s>]*)?>?(?:\\s+\"[^\"]*\")?\\s*\\)");

    /**
     * A word of path characters ending in {@code .md}. Not preceded by a path character or by
     * {@code $} / {@code }} (a shell variable such as {@code $OUT/table.md} names an output file).
     */
    private static final Pattern MD_PATH =
            Pattern.compile(
                    "(?<![\\w$}./-])((?:\\.{1,2}/)*[\\w-]+(?:[./][\\w-]+)*\\.md)(?![\\w-])");

    private static final Pattern URL = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*://[^\\s)>\"'`]*");

    private DocumentReferences() {}

    /** One citation: where it is, what it names, and whether it is a Markdown link. */
    record Reference(Path file, int line, String target, boolean link) {
        @Override
        public String toString() {
            return file + ":" + line + ": " + target;
        }
    }

    static List<Reference> in(Path file, List<String> lines) {
        boolean markdown = Repository.extension(file).equals("md");
        List<Reference> references = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String text = URL.matcher(lines.get(i)).replaceAll(" ");
            if (markdown) {
                Matcher link = MARKDOWN_LINK.matcher(text);
                while (link.find()) {
                    String target = link.group(1);
                    if (!target.isEmpty() && !target.startsWith("mailto:")) {
                        references.add(new Reference(file, i + 1, target, true));
                    }
                }
                text = link.replaceAll(" ");
            }
            Matcher path = MD_PATH.matcher(text);
            while (path.find()) {
                references.add(new Reference(file, i + 1, path.group(1), false));
            }
        }
        return references;
    }
}
