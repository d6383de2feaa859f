package io.bolide.protocol.frame;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Walks the {@code extFields} of a decoded command in place, one key/value pair at a time, in
 * either serialization. Header codecs match keys against constant byte arrays and convert only the
 * values they keep, so decoding allocates nothing for keys or numbers.
 *
 * <p>Value rules follow the Java reference: in the binary form an empty value is null; in JSON a
 * {@code null} value is absent and numbers or booleans are read as the text the reference gives
 * them. A JSON key written with escapes is matched by its unescaped bytes.
 */
public final class ExtFieldCursor {
    private static final int STRING = 0;
    private static final int ESCAPED_STRING = 1;
    private static final int BARE = 2;
    private static final int NULL = 3;
    private static final byte[] EMPTY = {};
    private static final int[] NO_MARKS = {};

    /** Ints recorded per JSON field (see {@link #marks}). */
    private static final int MARK_INTS = 3;

    private static final int FIRST_MARKS = 16 * MARK_INTS;
    private static final int POSITION_BITS = 24;
    private static final int POSITION_MASK = (1 << POSITION_BITS) - 1;

    /** Recorded key length meaning "this long or longer: find the closing quote again". */
    private static final int LONG_KEY = 0xFF;

    /** Flag above the recorded value start: the key holds escapes. */
    private static final int KEY_ESCAPED = 1 << POSITION_BITS;

    private final byte[] h;
    private final boolean json;
    private final int start;
    private final int end;
    private int pos;
    private boolean first = true;

    /** Where the current key's bytes are: {@link #h}, or its unescaped copy. */
    private byte[] keySource;

    /** The current key when it was written with escapes, else null. */
    private String unescapedKey;

    private int keyFrom;
    private int keyTo;

    /** Whether the key {@link #nextJson} just read holds escapes (it is left raw there). */
    private boolean keyEscaped;

    private int valueFrom;
    private int valueTo;
    private int valueKind;

    /**
     * Where each JSON field lies, recorded by the one checking walk done when the frame is decoded,
     * so that header codecs do not scan the text a second time. Per field, relative to {@link
     * #start} (a header is shorter than 2^24 bytes): key start with the key length (capped at
     * {@link #LONG_KEY}) in the top byte, value start, value end with the value kind above it. Null
     * when not recorded (binary form).
     */
    private int[] marks;

    private int markCount;
    private int markIndex;

    ExtFieldCursor(byte[] h, SerializeType type, int start, int end) {
        this.h = h;
        this.json = type == SerializeType.JSON;
        this.start = start;
        this.end = end;
        this.pos = start;
        this.keySource = h;
    }

    /** A cursor over no fields. */
    static ExtFieldCursor empty() {
        return new ExtFieldCursor(EMPTY, SerializeType.ROCKETMQ, 0, 0);
    }

    /**
     * Walks the JSON ext map whose first byte after the opening brace is at {@code start}, checking
     * it and recording where each field lies; {@link #recordedEnd()} is then the index after its
     * closing brace.
     *
     * @throws ProtocolDecodeException if the map is malformed
     */
    static ExtFieldCursor recordJson(byte[] h, int start, int end) {
        ExtFieldCursor cursor = new ExtFieldCursor(h, SerializeType.JSON, start, end);
        cursor.record();
        return cursor;
    }

    private void record() {
        int[] recorded = NO_MARKS;
        int n = 0;
        while (nextJson()) {
            if (n == recorded.length) {
                recorded = Arrays.copyOf(recorded, Math.max(FIRST_MARKS, n * 2));
            }
            int keyLength = Math.min(keyTo - keyFrom, LONG_KEY);
            recorded[n] = keyFrom - start | keyLength << POSITION_BITS;
            recorded[n + 1] = valueFrom - start | (keyEscaped ? KEY_ESCAPED : 0);
            recorded[n + 2] = valueTo - start | valueKind << POSITION_BITS;
            n += MARK_INTS;
        }
        marks = recorded;
        markCount = n;
        markIndex = 0;
    }

    /** Index after the closing brace of a map walked by {@link #recordJson}. */
    int recordedEnd() {
        return pos + 1;
    }

    private boolean nextRecorded() {
        if (markIndex >= markCount) {
            return false;
        }
        int key = marks[markIndex];
        int value = marks[markIndex + 2];
        int valueStart = marks[markIndex + 1];
        int rawFrom = start + (key & POSITION_MASK);
        int keyLength = key >>> POSITION_BITS;
        int rawTo =
                keyLength == LONG_KEY ? JsonText.stringEnd(h, rawFrom, end) : rawFrom + keyLength;
        if ((valueStart & KEY_ESCAPED) == 0 && unescapedKey == null) {
            keyFrom = rawFrom;
            keyTo = rawTo;
        } else {
            useKey(rawFrom, rawTo, (valueStart & KEY_ESCAPED) != 0);
        }
        valueFrom = start + (valueStart & POSITION_MASK);
        valueTo = start + (value & POSITION_MASK);
        valueKind = value >>> POSITION_BITS;
        markIndex += MARK_INTS;
        return true;
    }

    /** Goes back to the first field. */
    public void rewind() {
        pos = start;
        first = true;
        markIndex = 0;
    }

    /**
     * Moves to the next field.
     *
     * @return false when there are no more fields
     * @throws ProtocolDecodeException if the map is malformed
     */
    public boolean next() {
        if (marks != null) {
            return nextRecorded();
        }
        return json ? nextJsonUnrecorded() : nextBinary();
    }

    /** {@link #nextJson} when iterating without recorded marks: an escaped key made usable. */
    private boolean nextJsonUnrecorded() {
        if (!nextJson()) {
            return false;
        }
        useKey(keyFrom, keyTo, keyEscaped);
        return true;
    }

    private boolean nextBinary() {
        if (pos >= end) {
            return false;
        }
        if (end - pos < 2) {
            throw new ProtocolDecodeException("ext fields truncated in key length");
        }
        int keyLength = BigEndian.getShort(h, pos);
        keyFrom = pos + 2;
        keyTo = keyFrom + keyLength;
        if (keyLength < 0 || keyTo + 4 > end) {
            throw new ProtocolDecodeException(
                    "ext field key length " + keyLength + " out of bounds");
        }
        int valueLength = BigEndian.getInt(h, keyTo);
        valueFrom = keyTo + 4;
        if (valueLength < 0 || valueLength > end - valueFrom) {
            throw new ProtocolDecodeException(
                    "ext field value length " + valueLength + " out of bounds");
        }
        valueTo = valueFrom + valueLength;
        valueKind = valueLength == 0 ? NULL : STRING;
        pos = valueTo;
        return true;
    }

    private boolean nextJson() {
        pos = JsonText.skipWhitespace(h, pos, end);
        if (pos >= end) {
            throw new ProtocolDecodeException("malformed JSON header: unterminated extFields");
        }
        byte b = h[pos];
        if (b == '}') {
            return false;
        }
        if (first) {
            first = false;
        } else {
            if (b != ',') {
                throw new ProtocolDecodeException(
                        "malformed JSON header: ',' expected in extFields");
            }
            pos++;
        }
        // The key is left raw (escapes and all) here; the caller unescapes it if need be.
        keyFrom = JsonText.expectFast(h, pos, end, '"');
        long scanned = JsonString.scan(h, keyFrom, end);
        keyTo = (int) scanned;
        keyEscaped = (scanned & JsonString.ESCAPED) != 0;
        pos = JsonText.skipWhitespace(h, JsonText.expectFast(h, keyTo + 1, end, ':'), end);
        readJsonValue();
        return true;
    }

    /**
     * Makes the raw key {@code [rawFrom, rawTo)} of {@link #h} current, unescaping it if need be.
     */
    private void useKey(int rawFrom, int rawTo, boolean escaped) {
        if (escaped) {
            // Legal but never written by a real client: allocate, and match the unescaped bytes.
            unescapedKey = JsonString.unescape(h, rawFrom, rawTo);
            keySource = unescapedKey.getBytes(StandardCharsets.UTF_8);
            keyFrom = 0;
            keyTo = keySource.length;
        } else {
            unescapedKey = null;
            keySource = h;
            keyFrom = rawFrom;
            keyTo = rawTo;
        }
    }

    private void readJsonValue() {
        if (pos >= end) {
            throw new ProtocolDecodeException("malformed JSON header: value expected");
        }
        byte first = h[pos];
        if (first == '"') {
            valueFrom = pos + 1;
            long scanned = JsonString.scan(h, valueFrom, end);
            valueTo = (int) scanned;
            valueKind = (scanned & JsonString.ESCAPED) != 0 ? ESCAPED_STRING : STRING;
            pos = valueTo + 1;
        } else if (first == '{' || first == '[') {
            // The reference would keep the value's JSON text; no client writes one in a string map.
            throw new ProtocolDecodeException(
                    "malformed JSON header: extFields value is not a scalar at byte " + pos);
        } else {
            valueFrom = pos;
            valueTo = JsonText.bareEnd(h, pos, end);
            valueKind = JsonText.isNull(h, valueFrom, valueTo) ? NULL : BARE;
            pos = valueTo;
        }
    }

    /** Byte length of the current key as it appears on the wire. */
    public int keyLength() {
        return keyTo - keyFrom;
    }

    /** The byte at {@code index} of the current key (UTF-8, unescaped). */
    public byte keyByte(int index) {
        return keySource[keyFrom + index];
    }

    /** Whether the current key is {@code ascii}. */
    public boolean keyIs(byte[] ascii) {
        return ascii.length == keyTo - keyFrom && Ascii.regionEquals(keySource, keyFrom, ascii);
    }

    /** The current key as a string (allocates; for generic maps and unknown keys). */
    public String key() {
        return unescapedKey != null ? unescapedKey : Utf8.decode(h, keyFrom, keyTo - keyFrom);
    }

    /** Whether the current value is null or empty, which header codecs treat as absent. */
    public boolean valueIsAbsent() {
        return valueKind == NULL || valueFrom == valueTo;
    }

    /** The current value as a string; null for a null value. */
    public String valueAsString() {
        switch (valueKind) {
            case NULL:
                return null;
            case ESCAPED_STRING:
                return JsonString.unescape(h, valueFrom, valueTo);
            case BARE:
                return JsonText.scalarText(h, valueFrom, valueTo);
            default:
                return Utf8.decode(h, valueFrom, valueTo - valueFrom);
        }
    }

    /**
     * Copies the current value's text into {@code dst} at {@code offset} as UTF-8: the bytes the
     * sender's string for it encodes to: a binary value as it is (empty when empty), a JSON {@code
     * null} as the text {@code null} (what a map holding it appends). Plain values are copied
     * without a string. Returns the length, or -1 (nothing copied) when it does not fit.
     */
    public int copyValueTo(byte[] dst, int offset) {
        if (valueKind == STRING || !json) {
            int length = valueTo - valueFrom;
            if (length > dst.length - offset) {
                return -1;
            }
            System.arraycopy(h, valueFrom, dst, offset, length);
            return length;
        }
        if (valueKind == ESCAPED_STRING) {
            // Properties carry \u0001 and \u0002 separators, escaped in every JSON send header.
            int length = JsonString.unescapeUtf8(h, valueFrom, valueTo, dst, offset);
            if (length != -2) {
                return length;
            }
        }
        String text = valueAsString();
        byte[] bytes = (text == null ? "null" : text).getBytes(StandardCharsets.UTF_8);
        if (bytes.length > dst.length - offset) {
            return -1;
        }
        System.arraycopy(bytes, 0, dst, offset, bytes.length);
        return bytes.length;
    }

    /** The current value as an int, parsed in place. */
    public int valueAsInt() {
        return (int) valueAsLong(Integer.MIN_VALUE, Integer.MAX_VALUE);
    }

    /** The current value as a long, parsed in place. */
    public long valueAsLong() {
        return valueAsLong(Long.MIN_VALUE, Long.MAX_VALUE);
    }

    private long valueAsLong(long min, long max) {
        if (valueKind == ESCAPED_STRING || valueKind == BARE) {
            // Escaped digits, or a JSON number, are legal but never written by a real client:
            // read the text the reference would read, the slow, allocating way.
            try {
                long value = Long.parseLong(valueAsString());
                if (value < min || value > max) {
                    throw new NumberFormatException();
                }
                return value;
            } catch (NumberFormatException e) {
                throw new ProtocolDecodeException("not a number in range: " + currentKeyForError());
            }
        }
        if (valueKind == NULL) {
            throw new ProtocolDecodeException(
                    "null where a number belongs: " + currentKeyForError());
        }
        return Ascii.parseLong(h, valueFrom, valueTo, min, max);
    }

    /** The current value as a boolean: "true" in any case is true, anything else false. */
    public boolean valueAsBoolean() {
        if (valueTo - valueFrom != 4 || valueKind == NULL) {
            return valueKind == ESCAPED_STRING && "true".equalsIgnoreCase(valueAsString());
        }
        return (h[valueFrom] | 0x20) == 't'
                && (h[valueFrom + 1] | 0x20) == 'r'
                && (h[valueFrom + 2] | 0x20) == 'u'
                && (h[valueFrom + 3] | 0x20) == 'e';
    }

    private String currentKeyForError() {
        return Utf8.lenientPreview(keySource, keyFrom, Math.min(keyTo - keyFrom, 64));
    }

    /**
     * All remaining fields as a map (no null values; later duplicates win, a later null removes the
     * key). Allocates; for generic handling and tests, not for hot paths.
     */
    public Map<String, String> toMap() {
        Map<String, String> map = new HashMap<>();
        while (next()) {
            String value = valueAsString();
            if (value != null) {
                map.put(key(), value);
            } else {
                map.remove(key());
            }
        }
        return map;
    }
}
