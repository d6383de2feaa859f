package io.bolide.remoting.config;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Everything one configuration file may say: the keys Bolide applies ({@link KeyTable}) and the
 * other keys Apache RocketMQ reads from the same file ({@link ReferenceKeys}), ignored or refused.
 * A name neither knows is refused with the nearest known name suggested, so a typo never passes
 * silently as the reference would let it. The reference's table is loaded on first use: a file with
 * Bolide's keys only never reads it.
 */
public final class FileSchema {
    private final String file;
    private final KeyTable table;
    private final Supplier<ReferenceKeys> loader;
    private volatile ReferenceKeys reference;

    /**
     * The schema of {@code file} ("broker.conf").
     *
     * @param loader the reference's other keys, called once when first needed
     */
    public FileSchema(String file, KeyTable table, Supplier<ReferenceKeys> loader) {
        this.file = file;
        this.table = table;
        this.loader = loader;
    }

    /** The file's name as operators know it: "broker.conf". */
    public String file() {
        return file;
    }

    /** The keys Bolide applies. */
    public KeyTable table() {
        return table;
    }

    /** The reference's other keys. */
    public ReferenceKeys reference() {
        ReferenceKeys loaded = reference;
        if (loaded == null) {
            loaded = loader.get();
            reference = loaded;
        }
        return loaded;
    }

    /**
     * Values from a file's pairs, keys not given at their defaults. Each accepted key without
     * effect goes to {@code notes} as one line saying why, once the whole file is known to be good.
     *
     * @throws IllegalArgumentException naming every refused key, unknown key and bad value
     */
    public ConfigValues read(Map<String, String> pairs, Consumer<String> notes) {
        List<String> problems = new ArrayList<>();
        List<String> ignored = new ArrayList<>();
        ConfigValues.Builder values = table.defaults().toBuilder();
        for (Map.Entry<String, String> pair : pairs.entrySet()) {
            String name = pair.getKey();
            String value = pair.getValue();
            if (table.find(name) != null) {
                try {
                    values.set(name, value);
                } catch (IllegalArgumentException e) {
                    problems.add(e.getMessage());
                }
            } else {
                classify(name, value, problems, ignored);
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalArgumentException(report(problems));
        }
        ignored.forEach(notes);
        return values.build();
    }

    /** One problem on one line; several as a list. Unknown names get the accepted keys once. */
    private String report(List<String> problems) {
        boolean unknown = false;
        for (String problem : problems) {
            unknown |= problem.startsWith("unknown ");
        }
        String accepted =
                unknown
                        ? "accepted keys: "
                                + table.names()
                                + ", and the reference's keys ./bolide keys lists"
                        : "";
        if (problems.size() == 1) {
            return problems.get(0) + (unknown ? "; " + accepted : "");
        }
        return problems.size()
                + " problems:\n  "
                + String.join("\n  ", problems)
                + (unknown ? "\n" + accepted : "");
    }

    private void classify(String name, String value, List<String> problems, List<String> notes) {
        ReferenceKeys.Entry refusal = reference().refusal(name, value);
        ReferenceKeys.Entry accepted = reference().accepted(name);
        String setting = file + " key " + name + "=" + value;
        if (refusal != null) {
            problems.add(setting + " is refused: " + refusal.reason());
        } else if (accepted != null) {
            notes.add(setting + " has no effect in Bolide: " + accepted.reason());
        } else {
            problems.add(unknown(name));
        }
    }

    /** The refusal of a name neither Bolide nor the reference reads. */
    String unknown(String name) {
        String nearest = suggest(name);
        return "unknown "
                + table.label()
                + " config key '"
                + name
                + "'"
                + (nearest == null ? "" : " (did you mean '" + nearest + "'?)")
                + ": neither Bolide nor Apache RocketMQ reads it from "
                + file;
    }

    /** The known name nearest to {@code name}, or null. */
    public String suggest(String name) {
        List<String> known = new ArrayList<>(table.keys().size() + 600);
        for (Key<?> key : table.keys()) {
            known.add(key.name());
        }
        known.addAll(table.aliases().keySet());
        for (ReferenceKeys.Entry entry : reference().entries()) {
            known.add(entry.name());
        }
        return NearestName.of(name, known);
    }
}
