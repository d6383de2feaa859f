package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * The message properties string: {@code name 0x01 value 0x02} per entry, the last one included.
 * There is no escaping. Reading follows the reference client: entries are split on 0x02; the name
 * ends at the first 0x01; an entry with an empty name or an empty value is ignored; for a repeated
 * name the last one wins. 0x01 and 0x02 never occur inside a multi-byte UTF-8 sequence, so the
 * byte-level rules here are exactly the reference's char-level ones.
 */
public final class MessageProperties {
    /** Separates a name from its value. */
    public static final byte NAME_VALUE_SEPARATOR = 1;

    /** Ends an entry. */
    public static final byte PROPERTY_SEPARATOR = 2;

    private MessageProperties() {}

    /**
     * Finds the value of {@code name} in the properties bytes {@code [from, from + length)} without
     * allocating.
     *
     * @return -1 if absent, else the value's index and length packed as by {@link #valueIndex} and
     *     {@link #valueLength}
     */
    public static long find(ByteBuf buf, int from, int length, byte[] name) {
        int to = from + length;
        long found = -1;
        int entry = from;
        while (entry < to) {
            int end = buf.indexOf(entry, to, PROPERTY_SEPARATOR);
            if (end < 0) {
                end = to;
            }
            // The entry's first 0x01 must sit right after the name (names hold no 0x01), and the
            // value must not be empty.
            int separator = entry + name.length;
            if (name.length > 0
                    && separator < end - 1
                    && buf.getByte(separator) == NAME_VALUE_SEPARATOR
                    && sameBytes(buf, entry, name)) {
                found = ((long) (separator + 1) << 32) | (end - separator - 1);
            }
            entry = end + 1;
        }
        return found;
    }

    /** The value index from a non-negative {@link #find} result. */
    public static int valueIndex(long found) {
        return (int) (found >>> 32);
    }

    /** The value length from a non-negative {@link #find} result. */
    public static int valueLength(long found) {
        return (int) found;
    }

    /** The value of {@code name}, strictly decoded, or null if absent. */
    public static String value(ByteBuf buf, int from, int length, byte[] name) {
        long found = find(buf, from, length, name);
        return found < 0 ? null : MessageText.decode(buf, valueIndex(found), valueLength(found));
    }

    /**
     * The value of {@code name} in a properties string (as carried in a send header), found without
     * building a map, or null; same rules as {@link #decode(String)}.
     */
    public static String value(String text, String name) {
        if (text == null || name.isEmpty()) {
            return null;
        }
        String found = null;
        int to = text.length();
        int entry = 0;
        while (entry < to) {
            int end = text.indexOf(PROPERTY_SEPARATOR, entry);
            if (end < 0) {
                end = to;
            }
            int separator = entry + name.length();
            if (separator < end - 1
                    && text.charAt(separator) == NAME_VALUE_SEPARATOR
                    && text.startsWith(name, entry)) {
                found = text.substring(separator + 1, end);
            }
            entry = end + 1;
        }
        return found;
    }

    private static boolean sameBytes(ByteBuf buf, int index, byte[] name) {
        for (int i = 0; i < name.length; i++) {
            if (buf.getByte(index + i) != name[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Decodes the properties bytes {@code [from, from + length)} into a map.
     *
     * @throws io.bolide.protocol.frame.ProtocolDecodeException on malformed UTF-8
     */
    public static Map<String, String> decode(ByteBuf buf, int from, int length) {
        int firstNonAscii = MessageText.firstNonAscii(buf, from, length);
        if (firstNonAscii >= 0) {
            MessageText.validate(buf, firstNonAscii, from + length);
        }
        int to = from + length;
        Map<String, String> map = new HashMap<>(capacityFor(buf, from, to));
        int entry = from;
        while (entry < to) {
            int end = buf.indexOf(entry, to, PROPERTY_SEPARATOR);
            if (end < 0) {
                end = to;
            }
            int separator = buf.indexOf(entry, end, NAME_VALUE_SEPARATOR);
            if (separator > entry && separator < end - 1) {
                map.put(
                        buf.toString(entry, separator - entry, StandardCharsets.UTF_8),
                        buf.toString(separator + 1, end - separator - 1, StandardCharsets.UTF_8));
            }
            entry = end + 1;
        }
        return map;
    }

    private static int capacityFor(ByteBuf buf, int from, int to) {
        int[] entries = {1};
        buf.forEachByte(
                from,
                to - from,
                b -> {
                    if (b == PROPERTY_SEPARATOR) {
                        entries[0]++;
                    }
                    return true;
                });
        return entries[0] * 4 / 3 + 1;
    }

    /** Decodes a properties string (as carried in a send header) into a map. */
    public static Map<String, String> decode(String text) {
        Map<String, String> map = new HashMap<>();
        if (text == null) {
            return map;
        }
        int to = text.length();
        int entry = 0;
        while (entry < to) {
            int end = text.indexOf(PROPERTY_SEPARATOR, entry);
            if (end < 0) {
                end = to;
            }
            int separator = text.indexOf(NAME_VALUE_SEPARATOR, entry);
            if (separator > entry && separator < end - 1) {
                map.put(text.substring(entry, separator), text.substring(separator + 1, end));
            }
            entry = end + 1;
        }
        return map;
    }

    /**
     * Writes {@code properties} at the writer index; entries with a null name or value are skipped
     * (the reference writer skips null values).
     *
     * @return the number of bytes written
     */
    public static int encode(Map<String, String> properties, ByteBuf out) {
        if (properties == null) {
            return 0;
        }
        int start = out.writerIndex();
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey() != null && e.getValue() != null) {
                ByteBufUtil.writeUtf8(out, e.getKey());
                out.writeByte(NAME_VALUE_SEPARATOR);
                ByteBufUtil.writeUtf8(out, e.getValue());
                out.writeByte(PROPERTY_SEPARATOR);
            }
        }
        return out.writerIndex() - start;
    }

    /** The encoded length in bytes of {@code properties}. */
    public static int encodedLength(Map<String, String> properties) {
        if (properties == null) {
            return 0;
        }
        int length = 0;
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey() != null && e.getValue() != null) {
                length += ByteBufUtil.utf8Bytes(e.getKey()) + ByteBufUtil.utf8Bytes(e.getValue());
                length += 2;
            }
        }
        return length;
    }

    /** {@code properties} as the string form carried in send headers. */
    public static String toText(Map<String, String> properties) {
        if (properties == null || properties.isEmpty()) {
            return "";
        }
        StringBuilder text = new StringBuilder(properties.size() * 24);
        for (Map.Entry<String, String> e : properties.entrySet()) {
            if (e.getKey() != null && e.getValue() != null) {
                text.append(e.getKey())
                        .append((char) NAME_VALUE_SEPARATOR)
                        .append(e.getValue())
                        .append((char) PROPERTY_SEPARATOR);
            }
        }
        return text.toString();
    }
}
