package io.bolide.admin;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Prints a {@link Report} for scripts ({@code --json}): an array with one object per row, keyed by
 * column name, numbers as JSON numbers.
 */
final class JsonPrinter {
    private static final ObjectMapper JSON =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonPrinter() {}

    static void print(Report report, PrintStream out) {
        List<Map<String, Object>> objects = new ArrayList<>();
        for (List<Object> row : report.rows()) {
            Map<String, Object> object = new LinkedHashMap<>();
            for (int i = 0; i < row.size(); i++) {
                object.put(report.columns().get(i), row.get(i));
            }
            objects.add(object);
        }
        try {
            out.println(JSON.writeValueAsString(objects));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the report as JSON", e);
        }
    }
}
