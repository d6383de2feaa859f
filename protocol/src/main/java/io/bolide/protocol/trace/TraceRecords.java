package io.bolide.protocol.trace;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.protocol.message.ZlibBody;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

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

    /** A trace batch is at most the client's 128 KiB trace message; bounded well above. */
    private static final int MAX_INFLATED = 4 * 1024 * 1024;

    /** The records a body holds and how many of its records could not be read. */
    public record Parsed(List<TraceRecord> records, int unreadable) {}

    private TraceRecords() {}

    /**
     * The records of the stored trace message {@code message} that speak of {@code msgId}: its body
     * inflated when the dispatcher compressed it (one that does not inflate counts as unreadable).
     */
    public static Parsed ofStored(StoredMessageFlyweight message, String msgId) {
        ByteBuf body = message.body();
        Parsed all;
        if ((message.sysFlag() & MessageDescriptor.FLAG_COMPRESSED) == 0) {
            all = parse(body.toString(StandardCharsets.UTF_8));
        } else {
            try {
                ByteBuf inflated = ZlibBody.inflate(body, ByteBufAllocator.DEFAULT, MAX_INFLATED);
                try {
                    all = parse(inflated.toString(StandardCharsets.UTF_8));
                } finally {
                    inflated.release();
                }
            } catch (ProtocolDecodeException e) {
                return new Parsed(List.of(), 1);
            }
        }
        List<TraceRecord> mine = new ArrayList<>();
        for (TraceRecord record : all.records()) {
            if (msgId.equals(record.msgId())) {
                mine.add(record);
            }
        }
        return new Parsed(mine, all.unreadable());
    }

    /**
     * Oldest first. A SubAfter of a client that writes no time sorts at its SubBefore's (the same
     * request id), just after it.
     */
    public static List<TraceRecord> inOrder(List<TraceRecord> records) {
        Map<String, Long> handedOver = new HashMap<>();
        for (TraceRecord record : records) {
            if ("SubBefore".equals(record.type()) && record.requestId() != null) {
                handedOver.put(record.requestId(), record.timestamp());
            }
        }
        Comparator<TraceRecord> byTime =
                Comparator.comparingLong(
                        record ->
                                record.timestamp() >= 0
                                        ? record.timestamp()
                                        : handedOver.getOrDefault(
                                                String.valueOf(record.requestId()),
                                                Long.MAX_VALUE));
        List<TraceRecord> sorted = new ArrayList<>(records);
        sorted.sort(byTime.thenComparing(record -> "SubAfter".equals(record.type())));
        return sorted;
    }

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
