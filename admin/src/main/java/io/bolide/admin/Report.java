package io.bolide.admin;

import java.util.ArrayList;
import java.util.List;

/**
 * What a command found: named columns and rows of values. The one shape both outputs print, a table
 * for people ({@link TablePrinter}) and an array of objects for scripts ({@link JsonPrinter}), so
 * the two never disagree.
 */
final class Report {
    private final List<String> columns;
    private final List<List<Object>> rows = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();

    Report(String... columns) {
        this.columns = List.of(columns);
    }

    /** Adds a row; one value per column, in column order. */
    Report row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException(
                    values.length + " values for " + columns.size() + " columns");
        }
        rows.add(java.util.Arrays.asList(values));
        return this;
    }

    /**
     * Records what could not be read for a row that still prints (a broker that did not answer), so
     * the operator learns why a cell is empty; printed on standard error.
     */
    Report warn(String warning) {
        warnings.add(warning);
        return this;
    }

    List<String> warnings() {
        return warnings;
    }

    List<String> columns() {
        return columns;
    }

    List<List<Object>> rows() {
        return rows;
    }
}
