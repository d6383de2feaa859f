package io.bolide.protocol.codegen;

import io.bolide.protocol.codegen.HeaderSpec.Field;
import io.bolide.protocol.codegen.HeaderSpec.Header;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Generates one explicit, reflection-free codec class per header of the spec table (Kafka's
 * approach to its request schemas). The output is committed; {@code GeneratedHeadersTest} fails
 * when it is stale, and {@code main} rewrites it.
 */
public final class HeaderGenerator {
    /** Package of the generated classes. */
    public static final String PACKAGE = "io.bolide.protocol.header";

    /** Output folder, relative to the protocol module. */
    public static final Path OUTPUT = Path.of("src/main/java/io/bolide/protocol/header");

    private HeaderGenerator() {}

    /** Regenerates every header class; argument: the protocol module directory. */
    public static void main(String[] args) throws IOException {
        Path module = Path.of(args.length > 0 ? args[0] : ".");
        for (Map.Entry<String, String> file : generateAll(module).entrySet()) {
            Files.writeString(module.resolve(OUTPUT).resolve(file.getKey()), file.getValue());
        }
    }

    /** File name to source text, for every header of the table. */
    public static Map<String, String> generateAll(Path module) throws IOException {
        Map<String, String> files = new TreeMap<>();
        for (Header header : HeaderSpec.read(module)) {
            files.put(header.name() + ".java", generate(header));
        }
        return files;
    }

    static String generate(Header h) {
        Source s = new Source();
        s.line(
                "// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.");
        s.line("package " + PACKAGE + ";");
        s.line("");
        s.line("import io.bolide.protocol.frame.CommandHeader;");
        s.line("import io.bolide.protocol.frame.ExtFieldCursor;");
        s.line("import io.bolide.protocol.frame.ExtFieldWriter;");
        s.line("import io.bolide.protocol.frame.ProtocolDecodeException;");
        s.line("import io.netty.buffer.ByteBuf;");
        s.line("import java.nio.charset.StandardCharsets;");
        s.line("");
        s.line("/** " + (h.doc().isEmpty() ? "Header " + h.name() + "." : h.doc()) + " */");
        s.line("public final class " + h.name() + " implements CommandHeader {");
        keys(s, h);
        requiredNames(s, h);
        for (Field f : h.fields()) {
            String init = f.defaultValue() == null ? "" : " = " + literal(f);
            s.line("    private " + f.type() + " " + f.name() + init + ";");
        }
        if (h.hasShortKeys()) {
            s.line("    private boolean shortKeys;");
        }
        s.line("");
        accessors(s, h);
        encode(s, h);
        decode(s, h);
        toStringMethod(s, h);
        s.line("}");
        return s.toString();
    }

    private static void keys(Source s, Header h) {
        for (Field f : h.fields()) {
            s.line(
                    "    private static final byte[] "
                            + constant(f)
                            + " = "
                            + bytes(f.wireKey())
                            + ";");
            if (f.shortKey() != null) {
                s.line(
                        "    private static final byte[] "
                                + constant(f)
                                + "_SHORT = "
                                + bytes(f.shortKey())
                                + ";");
            }
        }
    }

    private static void requiredNames(Source s, Header h) {
        List<String> names = new ArrayList<>();
        for (Field f : h.fields()) {
            if (f.required()) {
                names.add('"' + f.wireKey() + '"');
            }
        }
        if (names.size() > 63) {
            throw new IllegalStateException(h.name() + ": too many required fields");
        }
        s.line("    private static final long REQUIRED = " + ((1L << names.size()) - 1) + "L;");
        s.line(
                "    private static final String[] REQUIRED_KEYS = {"
                        + String.join(", ", names)
                        + "};");
    }

    private static void accessors(Source s, Header h) {
        s.line("    /** An empty header. */");
        s.line("    public " + h.name() + "() {}");
        s.line("");
        for (Field f : h.fields()) {
            s.line(
                    "    /** The {@code "
                            + f.wireKey()
                            + "} field"
                            + (f.required() ? " (required)." : ".")
                            + " */");
            s.line("    public " + f.type() + " " + f.name() + "() {");
            s.line("        return " + f.name() + ";");
            s.line("    }");
            s.line("");
            s.line("    /** Sets the {@code " + f.wireKey() + "} field. */");
            s.line("    public " + h.name() + " " + f.name() + "(" + f.type() + " value) {");
            s.line("        this." + f.name() + " = value;");
            s.line("        return this;");
            s.line("    }");
            s.line("");
        }
        if (h.hasShortKeys()) {
            s.line(
                    "    /** Whether {@link #encode} writes the single-letter keys (SEND_MESSAGE_V2 form). */");
            s.line("    public boolean shortKeys() {");
            s.line("        return shortKeys;");
            s.line("    }");
            s.line("");
            s.line(
                    "    /** Chooses the single-letter keys (true) or the long names (false) for encoding. */");
            s.line("    public " + h.name() + " shortKeys(boolean value) {");
            s.line("        this.shortKeys = value;");
            s.line("        return this;");
            s.line("    }");
            s.line("");
        }
    }

    private static void encode(Source s, Header h) {
        s.line("    @Override");
        s.line("    public void encode(ByteBuf out, ExtFieldWriter writer) {");
        // One put per field, its key chosen by the wire form, rather than the list written twice.
        for (Field f : h.fields()) {
            String key =
                    f.shortKey() == null
                            ? constant(f)
                            : "shortKeys ? " + constant(f) + "_SHORT : " + constant(f);
            s.line("        " + put(f, key));
        }
        s.line("    }");
        s.line("");
    }

    private static String put(Field f, String key) {
        String method;
        switch (f.type()) {
            case "String":
                method = "putString";
                break;
            case "int":
            case "long":
            case "Long":
                method = "putLong";
                break;
            case "Integer":
                method = "putInt";
                break;
            case "boolean":
            case "Boolean":
                method = "putBoolean";
                break;
            default:
                throw new IllegalStateException("unsupported type " + f.type());
        }
        return "writer." + method + "(out, " + key + ", " + f.name() + ");";
    }

    private static void decode(Source s, Header h) {
        s.line("    /**");
        s.line(
                "     * Reads the fields from {@code fields}"
                        + (h.hasShortKeys() ? ", long or single-letter keys alike" : "")
                        + ".");
        s.line("     *");
        s.line(
                "     * @throws ProtocolDecodeException if a value is malformed or a required field is missing");
        s.line("     */");
        s.line("    public static " + h.name() + " decode(ExtFieldCursor fields) {");
        s.line("        " + h.name() + " header = new " + h.name() + "();");
        s.line("        long seen = 0;");
        s.line("        while (fields.next()) {");
        s.line("            seen |= header.read(fields);");
        s.line("        }");
        s.line("        if ((seen & REQUIRED) != REQUIRED) {");
        s.line(
                "            throw new ProtocolDecodeException(\""
                        + h.name()
                        + ": missing required field \"");
        s.line(
                "                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);");
        s.line("        }");
        s.line("        return header;");
        s.line("    }");
        s.line("");
        read(s, h);
    }

    /** The per-key dispatch: by key length first, then by bytes. */
    private static void read(Source s, Header h) {
        Map<Integer, List<String[]>> byLength = new TreeMap<>();
        Map<String, String> marks = new HashMap<>();
        int bit = 0;
        for (Field f : h.fields()) {
            String mark = f.required() ? String.valueOf(1L << bit++) + "L" : "0L";
            marks.put(f.name(), mark);
            String shared = String.valueOf(f.shortKey() != null);
            byLength.computeIfAbsent(f.wireKey().length(), k -> new ArrayList<>())
                    .add(new String[] {constant(f), f.name(), f.type(), mark, f.wireKey(), shared});
            if (f.shortKey() != null) {
                byLength.computeIfAbsent(f.shortKey().length(), k -> new ArrayList<>())
                        .add(
                                new String[] {
                                    constant(f) + "_SHORT",
                                    f.name(),
                                    f.type(),
                                    mark,
                                    f.shortKey(),
                                    shared
                                });
            }
        }
        s.line(
                "    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */");
        s.line("    private long read(ExtFieldCursor field) {");
        s.line("        switch (field.keyLength()) {");
        for (Map.Entry<Integer, List<String[]>> group : byLength.entrySet()) {
            s.line("            case " + group.getKey() + ":");
            if (group.getValue().size() < 3) {
                matchInOrder(s, group.getValue(), "                ");
            } else {
                matchBySwitch(s, group.getValue(), group.getKey());
            }
        }
        s.line("            default:");
        s.line("                return 0L;");
        s.line("        }");
        s.line("    }");
        s.line("");
        for (Field f : h.fields()) {
            if (f.shortKey() != null) {
                fieldReader(s, f, marks.get(f.name()));
            }
        }
    }

    /**
     * A field read under both its long and its single-letter key gets one reader method, called
     * from both branches of the dispatch, rather than the same assignment written twice.
     */
    private static void fieldReader(Source s, Field f, String mark) {
        s.line("    private long " + reader(f.name()) + "(ExtFieldCursor field) {");
        assign(s, f.name(), f.type(), mark, "        ");
        s.line("    }");
        s.line("");
    }

    private static String reader(String name) {
        return "read" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    /** Few keys of one length: compare them one after the other. */
    private static void matchInOrder(Source s, List<String[]> keys, String indent) {
        if (keys.size() == 1 && Boolean.parseBoolean(keys.get(0)[5])) {
            String[] k = keys.get(0);
            s.line(indent + "return field.keyIs(" + k[0] + ") ? " + reader(k[1]) + "(field) : 0L;");
            return;
        }
        for (String[] k : keys) {
            s.line(indent + "if (field.keyIs(" + k[0] + ")) {");
            if (Boolean.parseBoolean(k[5])) {
                s.line(indent + "    return " + reader(k[1]) + "(field);");
            } else {
                assign(s, k[1], k[2], k[3], indent + "    ");
            }
            s.line(indent + "}");
        }
        s.line(indent + "return 0L;");
    }

    /**
     * Many keys of one length (the send header's single letters): switch on the byte position that
     * tells them apart best, then confirm the whole key.
     */
    private static void matchBySwitch(Source s, List<String[]> keys, int length) {
        int best = 0;
        long bestDistinct = 0;
        for (int i = 0; i < length; i++) {
            int at = i;
            long distinct = keys.stream().mapToInt(k -> k[4].charAt(at)).distinct().count();
            if (distinct > bestDistinct) {
                best = i;
                bestDistinct = distinct;
            }
        }
        Map<Character, List<String[]>> byByte = new TreeMap<>();
        for (String[] k : keys) {
            byByte.computeIfAbsent(k[4].charAt(best), c -> new ArrayList<>()).add(k);
        }
        s.line("                switch (field.keyByte(" + best + ")) {");
        for (Map.Entry<Character, List<String[]>> e : byByte.entrySet()) {
            s.line("                    case '" + e.getKey() + "':");
            matchInOrder(s, e.getValue(), "                        ");
        }
        s.line("                    default:");
        s.line("                        return 0L;");
        s.line("                }");
    }

    private static void assign(Source s, String name, String type, String mark, String indent) {
        if (type.equals("String")) {
            s.line(indent + "String value = field.valueAsString();");
            s.line(indent + "if (value == null) {");
            s.line(indent + "    return 0L;");
            s.line(indent + "}");
            // "this." because a spec field may itself be called "value", like the local.
            s.line(indent + "this." + name + " = value;");
            s.line(indent + "return " + mark + ";");
            return;
        }
        s.line(indent + "if (field.valueIsAbsent()) {");
        s.line(indent + "    return 0L;");
        s.line(indent + "}");
        String reader;
        switch (type) {
            case "int":
            case "Integer":
                reader = "field.valueAsInt()";
                break;
            case "long":
            case "Long":
                reader = "field.valueAsLong()";
                break;
            default:
                reader = "field.valueAsBoolean()";
        }
        s.line(indent + "this." + name + " = " + reader + ";");
        s.line(indent + "return " + mark + ";");
    }

    private static void toStringMethod(Source s, Header h) {
        s.line("    @Override");
        s.line("    public String toString() {");
        StringBuilder expr = new StringBuilder("\"" + h.name() + "[\"");
        String sep = "";
        for (Field f : h.fields()) {
            expr.append("\n                + \"")
                    .append(sep)
                    .append(f.name())
                    .append("=\" + ")
                    .append(f.name());
            sep = ", ";
        }
        expr.append("\n                + \"]\"");
        s.line("        return " + expr + ";");
        s.line("    }");
    }

    private static String constant(Field f) {
        return "KEY_" + f.name().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toUpperCase(Locale.ROOT);
    }

    private static String bytes(String ascii) {
        return "\"" + ascii + "\".getBytes(StandardCharsets.US_ASCII)";
    }

    private static String literal(Field f) {
        return f.type().equals("long") ? f.defaultValue() + "L" : f.defaultValue();
    }

    private static final class Source {
        private final StringBuilder text = new StringBuilder();

        void line(String line) {
            text.append(line).append('\n');
        }

        @Override
        public String toString() {
            return text.toString();
        }
    }
}
