package io.bolide.dist;

import io.bolide.broker.BrokerConfig;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * {@code docs/configuration.md}, generated from the key tables so the document cannot drift from
 * what the files accept: {@code ./bolide keys --markdown > docs/configuration.md} writes it, and a
 * test fails while the committed file differs.
 */
final class ConfigurationDoc {
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
                .append(" file, then the command line. `./bolide keys` prints the same list.\n");
        section(
                doc,
                "broker.conf",
                "Read by `bolide broker -c FILE` and `bolide start -c FILE`. The `bolide`"
                        + " command stores under `./data` unless `storePathRootDir` or `--data`"
                        + " says otherwise. Keys marked live may be changed on a running broker"
                        + " (UPDATE_BROKER_CONFIG, e.g. `mqadmin updateBrokerConfig`); the others"
                        + " are refused there and need a restart.",
                BrokerConfig.keyTable());
        section(
                doc,
                "namesrv.conf",
                "Read by `bolide namesrv -c FILE`; `-p` overrides `listenPort`.",
                NameServerConfig.keyTable());
        return doc.toString();
    }

    private static void section(StringBuilder doc, String file, String intro, KeyTable table) {
        doc.append("\n## ").append(file).append("\n\n").append(intro).append("\n\n");
        doc.append("| key | type | default | live | meaning |\n");
        doc.append("|---|---|---|---|---|\n");
        for (Key<?> key : table.keys()) {
            doc.append("| `")
                    .append(key.name())
                    .append("` | ")
                    .append(cell(key.typeName()))
                    .append(" | ")
                    .append(defaultCell(key.defaultText()))
                    .append(" | ")
                    .append(key.isLive() ? "live" : "")
                    .append(" | ")
                    .append(cell(key.doc()))
                    .append(" |\n");
        }
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
