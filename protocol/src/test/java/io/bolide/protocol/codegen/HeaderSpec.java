package io.bolide.protocol.codegen;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The parsed header spec table ({@code protocol/src/main/spec/headers.spec}): one entry per header
 * type, one line per field. Read by the code generator and by the differential tests, so that both
 * follow the same table.
 */
public final class HeaderSpec {
    /** Where the table lives, relative to the protocol module. */
    public static final Path SPEC = Path.of("src/main/spec/headers.spec");

    /** One header type. */
    public record Header(String name, String reference, String doc, List<Field> fields) {
        public boolean hasShortKeys() {
            return fields.stream().anyMatch(f -> f.shortKey() != null);
        }
    }

    /**
     * One field: Java name, long wire key, optional short wire key, Java type, whether a decode
     * without it fails, and the default of an optional primitive.
     */
    public record Field(
            String name,
            String wireKey,
            String shortKey,
            String type,
            boolean required,
            String defaultValue) {
        public boolean primitive() {
            return Character.isLowerCase(type.charAt(0));
        }
    }

    private HeaderSpec() {}

    /** Reads the table from the protocol module directory {@code moduleDir}. */
    public static List<Header> read(Path moduleDir) throws IOException {
        List<Header> headers = new ArrayList<>();
        StringBuilder doc = new StringBuilder();
        List<Field> fields = null;
        for (String raw : Files.readAllLines(moduleDir.resolve(SPEC), StandardCharsets.UTF_8)) {
            String line = raw.strip();
            if (line.isEmpty()) {
                continue;
            }
            if (line.startsWith("#")) {
                doc.append(doc.length() == 0 ? "" : " ").append(line.substring(1).strip());
                continue;
            }
            String[] words = line.split("\\s+");
            if (words[0].equals("header")) {
                fields = new ArrayList<>();
                String reference = words.length > 2 ? words[2].substring("ref=".length()) : null;
                headers.add(new Header(words[1], reference, doc.toString(), fields));
                doc.setLength(0);
            } else if (fields == null) {
                throw new IllegalStateException("field before any header: " + line);
            } else {
                fields.add(parseField(words));
                doc.setLength(0);
            }
        }
        return headers;
    }

    private static Field parseField(String[] words) {
        String spec = words[0];
        String shortKey = null;
        int slash = spec.indexOf('/');
        if (slash >= 0) {
            shortKey = spec.substring(slash + 1);
            spec = spec.substring(0, slash);
        }
        String name = spec;
        String wireKey = spec;
        int colon = spec.indexOf(':');
        if (colon >= 0) {
            name = spec.substring(0, colon);
            wireKey = spec.substring(colon + 1);
        }
        boolean required = false;
        String defaultValue = null;
        for (int i = 2; i < words.length; i++) {
            if (words[i].equals("req")) {
                required = true;
            } else if (words[i].startsWith("=")) {
                defaultValue = words[i].substring(1);
            } else {
                throw new IllegalStateException("unknown field attribute " + words[i]);
            }
        }
        return new Field(name, wireKey, shortKey, words[1], required, defaultValue);
    }
}
