package io.bolide.protocol.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Reads the body of a trace-topic message: the official clients batch several records into one
 * message, records ended by {@code \u0002}, fields split by {@code \u0001}, in a layout per record
 * type that later client releases extended at the end (a Pub of 13, 14 or 15 fields, a SubAfter of
 * 6, 7 or 9). The body comes from any client, so it is read as hostile: a record of an unknown
 * type, too short for its type or with a number that does not parse is skipped and counted, never
 * thrown.
 */
public final class TraceRecords {
    static final char FIELD_END = '\u0001';
    static final char RECORD_END = '\u0002';

    /** The reference's message types, by the ordinal a producer record carries. */
    private static final String[] MESSAGE_TYPES = {
        "Normal_Msg", "Trans_Msg_Half", "Trans_msg_Commit", "Delay_Msg", "Order_Msg"
    };

    /** The records a body holds and how many of its records could not be read. */
    public record Parsed(List<TraceRecord> records, int unreadable) {}

    private TraceRecords() {}

    /** Every readable record of {@code body}. */
    public static Parsed parse(String body) {
        List<TraceRecord> records = new ArrayList<>();
        int unreadable = 0;
        for (String line : body.split(String.valueOf(RECORD_END))) {
            if (line.isBlank()) {
                continue;
            }
            TraceRecord record = record(line.split(String.valueOf(FIELD_END), -1));
            if (record == null) {
                unreadable++;
            } else {
                records.add(record);
            }
        }
        return new Parsed(records, unreadable);
    }

    private static TraceRecord record(String[] fields) {
        try {
            switch (fields[0]) {
                case "Pub":
                    return fields.length >= 13 ? TraceLayouts.pub(fields) : null;
                case "SubBefore":
                    return fields.length >= 8 ? TraceLayouts.subBefore(fields) : null;
                case "SubAfter":
                    return fields.length >= 6 ? TraceLayouts.subAfter(fields) : null;
                case "EndTransaction":
                    return fields.length >= 13 ? TraceLayouts.endTransaction(fields) : null;
                case "Recall":
                    return fields.length >= 7 ? TraceLayouts.recall(fields) : null;
                default:
                    return null;
            }
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The reference's name of the message type ordinal {@code text}, or null if out of range. */
    static String messageType(String text) {
        int ordinal = Integer.parseInt(text);
        return ordinal >= 0 && ordinal < MESSAGE_TYPES.length ? MESSAGE_TYPES[ordinal] : null;
    }
}
