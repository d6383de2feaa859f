package io.bolide.admin;

import java.io.PrintStream;
import java.util.List;

/** Prints a {@link Report} as left-aligned columns under a header line, two spaces apart. */
final class TablePrinter {
    private TablePrinter() {}

    static void print(Report report, PrintStream out) {
        List<String> columns = report.columns();
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            widths[i] = columns.get(i).length();
        }
        for (List<Object> row : report.rows()) {
            for (int i = 0; i < widths.length; i++) {
                widths[i] = Math.max(widths[i], text(row.get(i)).length());
            }
        }
        out.println(line(columns.stream().map(c -> (Object) c.toUpperCase()).toList(), widths));
        for (List<Object> row : report.rows()) {
            out.println(line(row, widths));
        }
    }

    private static String line(List<Object> values, int[] widths) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < widths.length; i++) {
            String value = text(values.get(i));
            line.append(value);
            if (i < widths.length - 1) {
                line.append(" ".repeat(widths[i] - value.length() + 2));
            }
        }
        return line.toString();
    }

    private static String text(Object value) {
        return value == null ? "-" : value.toString();
    }
}
