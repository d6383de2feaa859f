package io.bolide.bench.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/** Named results of a run, printed as they come and saved as a properties file for the script. */
final class Results {
    private final Map<String, String> values = new LinkedHashMap<>();

    synchronized void put(String key, long value) {
        put(key, Long.toString(value));
    }

    synchronized void put(String key, String value) {
        values.put(key, value);
        System.out.println(key + "=" + value);
    }

    synchronized void save(String file) throws IOException {
        if (file == null) {
            return;
        }
        StringBuilder text = new StringBuilder();
        values.forEach((key, value) -> text.append(key).append('=').append(value).append('\n'));
        Files.writeString(Path.of(file), text, StandardCharsets.UTF_8);
    }
}
