package io.bolide.admin;

import io.bolide.protocol.code.RequestCode;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code config get|set}: a broker's configuration as it runs (GET_BROKER_CONFIG,
 * UPDATE_BROKER_CONFIG), the body {@code key=value} lines both ways.
 */
final class ConfigCommands {
    private ConfigCommands() {}

    static Report run(String verb, CommandArgs args, AdminClient client) throws AdminException {
        switch (verb) {
            case "get":
                return get(client, args);
            case "set":
                return set(client, args);
            default:
                throw AdminException.usage("unknown config command: " + verb);
        }
    }

    private static Report get(AdminClient client, CommandArgs args) throws AdminException {
        String only = args.value("--key");
        Report report = new Report("broker", "key", "value");
        for (String broker : ClusterCommand.targets(client, args)) {
            byte[] body = client.call(broker, RequestCode.GET_BROKER_CONFIG, null, null);
            for (Map.Entry<String, String> entry : parse(body).entrySet()) {
                if (only == null || only.equals(entry.getKey())) {
                    report.row(broker, entry.getKey(), entry.getValue());
                }
            }
        }
        return report;
    }

    private static Report set(AdminClient client, CommandArgs args) throws AdminException {
        String key = args.required("--key");
        String value = args.required("--value");
        if (key.contains("=") || key.contains("\n") || value.contains("\n")) {
            throw AdminException.usage("a key has no '=' and neither a key nor a value a newline");
        }
        byte[] body = (key + "=" + value + "\n").getBytes(StandardCharsets.UTF_8);
        Report report = new Report("broker", "key", "value");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, RequestCode.UPDATE_BROKER_CONFIG, null, body);
            report.row(broker, key, value);
        }
        return report;
    }

    /** {@code key=value} lines, sorted by key; a line without '=' is skipped. */
    static Map<String, String> parse(byte[] body) {
        Map<String, String> settings = new TreeMap<>();
        for (String line : new String(body, StandardCharsets.UTF_8).split("\n")) {
            int equals = line.indexOf('=');
            if (equals > 0) {
                settings.put(line.substring(0, equals).trim(), line.substring(equals + 1).trim());
            }
        }
        return settings;
    }
}
