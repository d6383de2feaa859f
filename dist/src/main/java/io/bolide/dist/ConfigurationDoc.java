package io.bolide.dist;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.RestartReasons;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.ReferenceKeys;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * {@code docs/configuration.md}, generated from the key tables so the document cannot drift from
 * what the files accept: {@code ./bolide keys --markdown > docs/configuration.md} writes it, and a
 * test fails while the committed file differs.
 */
final class ConfigurationDoc {
    /** What namesrv.conf's section says first: who reads the file and which keys change live. */
    private static final String NAMESRV_INTRO =
            "Read by `bolide namesrv -c FILE`; `-p` overrides `listenPort`. Keys marked live"
                    + " may be changed on a running name server (UPDATE_NAMESRV_CONFIG, e.g."
                    + " `mqadmin updateNamesrvConfig`). The controller keys, from"
                    + " `enableControllerInNamesrv` on, are also what `bolide controller -c"
                    + " FILE` reads; those marked live may be changed on one running"
                    + " controller through its own port (UPDATE_CONTROLLER_CONFIG, e.g."
                    + " `mqadmin updateControllerConfig`), except the keys `configBlackList`"
                    + " names.";

    /** The command that regenerates the document, as the document itself says. */
    static final String REGENERATE = "./bolide keys --markdown > docs/configuration.md";

    private ConfigurationDoc() {}

    /** The document. */
    static String markdown() {
        StringBuilder doc = new StringBuilder(16 * 1024);
        doc.append("# Configuration keys\n\n")
                .append("<!-- Generated from BrokerConfigKeys and NameServerConfigKeys; do not")
                .append(" edit. Regenerate with: ")
                .append(REGENERATE)
                .append(" -->\n\n")
                .append("Both files use Java properties syntax (`key=value` lines, `#` comments)")
                .append(" and RocketMQ's key names, so existing files work. A key not listed")
                .append(" here, or a value out of its range, is refused naming the key, and")
                .append(" `bolide` exits with status 2. Precedence: the defaults below, then the")
                .append(" file, then the command line. `./bolide keys` prints the same lists, and")
                .append(" `./bolide check-config FILE` (`--namesrv` for a namesrv.conf) checks a")
                .append(" file without starting anything.\n\n")
                .append("Each file's keys come in three classes: those Bolide applies, the other")
                .append(" keys Apache RocketMQ 5.5.0 reads from the same file (accepted without")
                .append(" effect, or refused), and nothing else: a name neither reads is refused")
                .append(" with the nearest known name suggested.\n");
        section(
                doc,
                "broker.conf",
                "Read by `bolide broker -c FILE` and `bolide start -c FILE`. The `bolide`"
                        + " command stores under `./data` unless `storePathRootDir` or `--data`"
                        + " says otherwise. Keys marked live may be changed on a running broker"
                        + " (UPDATE_BROKER_CONFIG, e.g. `mqadmin updateBrokerConfig`), validated"
                        + " as at start, and take effect at once; each change is written to the"
                        + " file brokerConfigPath names (the -c FILE), so a restart keeps it. Keys"
                        + " marked restart are refused there, with the reason the table gives.",
                BrokerConfig.fileSchema(),
                RestartReasons::of);
        section(doc, "namesrv.conf", NAMESRV_INTRO, NameServerConfig.fileSchema(), key -> null);
        return doc.toString();
    }

    private static void section(
            StringBuilder doc,
            String file,
            String intro,
            FileSchema schema,
            Function<Key<?>, String> restartReason) {
        doc.append("\n## ").append(file).append("\n\n").append(intro).append("\n\n");
        liveSummary(doc, schema);
        doc.append("### Applied\n\n");
        doc.append("| key | type | default | live | meaning |\n");
        doc.append("|---|---|---|---|---|\n");
        for (Key<?> key : schema.table().keys()) {
            doc.append("| `")
                    .append(key.name())
                    .append("` | ")
                    .append(cell(key.typeName()))
                    .append(" | ")
                    .append(defaultCell(key.defaultText()))
                    .append(" | ")
                    .append(liveCell(key, restartReason.apply(key)))
                    .append(" | ")
                    .append(cell(key.doc()))
                    .append(key.isBolideOnly() ? " (Bolide only)" : "")
                    .append(" |\n");
        }
        for (Map.Entry<String, Key<?>> alias : schema.table().aliases().entrySet()) {
            doc.append("| `")
                    .append(alias.getKey())
                    .append("` | | | | older name of `")
                    .append(alias.getValue().name())
                    .append("` |\n");
        }
        reference(doc, file, schema.reference());
    }

    private static void reference(StringBuilder doc, String file, ReferenceKeys reference) {
        doc.append("\n### Accepted without effect\n\n")
                .append("Apache RocketMQ 5.5.0 reads these from ")
                .append(file)
                .append(" too. Bolide accepts them so existing files work, and logs one line per")
                .append(" key a file sets, saying why it has no effect.\n\n");
        for (Map.Entry<String, List<String>> group :
                ReferenceGroups.accepted(reference).entrySet()) {
            doc.append("- ").append(cell(group.getKey())).append(": ");
            List<String> names = group.getValue();
            for (int i = 0; i < names.size(); i++) {
                doc.append(i == 0 ? "" : ", ").append('`').append(names.get(i)).append('`');
            }
            doc.append("\n");
        }
        doc.append("\n### Refused\n\n")
                .append("A file with one of these settings is refused naming the key, the value")
                .append(" and what to do instead; `bolide` exits with status 2.\n\n")
                .append("| setting | why, and what instead |\n|---|---|\n");
        for (Map.Entry<String, String> refused : ReferenceGroups.refused(reference).entrySet()) {
            doc.append("| `")
                    .append(refused.getKey())
                    .append("` | ")
                    .append(cell(refused.getValue()))
                    .append(" |\n");
        }
    }

    /** How many keys change live, and which. */
    private static void liveSummary(StringBuilder doc, FileSchema schema) {
        List<Key<?>> keys = schema.table().keys();
        List<String> live = keys.stream().filter(Key::isLive).map(Key::name).toList();
        doc.append(live.size())
                .append(" of the ")
                .append(keys.size())
                .append(" keys change live: ");
        for (int i = 0; i < live.size(); i++) {
            doc.append(i == 0 ? "" : ", ").append('`').append(live.get(i)).append('`');
        }
        doc.append(".\n\n");
    }

    private static String liveCell(Key<?> key, String restartReason) {
        if (key.isLive()) {
            return "live";
        }
        return restartReason == null ? "restart" : "restart: " + cell(restartReason);
    }

    /** A default as text; one under the home directory shows as {@code ~} (it varies by user). */
    private static String defaultCell(String text) {
        if (text.isEmpty()) {
            return "(empty)";
        }
        String home = System.getProperty("user.home");
        String shown =
                home != null && text.startsWith(home + "/")
                        ? "~" + text.substring(home.length())
                        : text;
        return "`" + cell(shown) + "`";
    }

    private static String cell(String text) {
        return text.replace("|", "\\|");
    }
}
