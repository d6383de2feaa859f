package io.bolide.protocol.frame;

import java.util.Arrays;

/**
 * Skips one nested object or array of a JSON header, checking its syntax, without recursion, so
 * that hostile nesting can never cost the thread's stack. The kind of each open container is one
 * bit.
 */
final class ContainerSkipper {
    /**
     * Nesting beyond this is hostile and rejected (Jackson's default limit too). The reference
     * accepts deeper nesting in the values of unknown keys, but no real header nests more than
     * twice.
     */
    static final int MAX_DEPTH = 1_000;

    private final byte[] h;
    private final int end;

    /** Bit {@code d} set: the container open at depth {@code d} is an object. */
    private long[] objects = new long[1];

    private int depth;

    ContainerSkipper(byte[] h, int end) {
        this.h = h;
        this.end = end;
    }

    /** Skips the container whose opening bracket is at {@code pos}; returns the index after it. */
    int skip(int pos) {
        open(pos++);
        boolean opened = true;
        while (true) {
            pos = JsonText.skipWhitespace(h, pos, end);
            if (opened && pos < end && h[pos] == closer()) {
                pos++;
                if (--depth == 0) {
                    return pos;
                }
            } else {
                if (inObject()) {
                    pos = JsonText.expect(h, pos, end, '"');
                    pos = JsonText.expect(h, JsonText.stringEnd(h, pos, end) + 1, end, ':');
                    pos = JsonText.skipWhitespace(h, pos, end);
                }
                if (pos < end && (h[pos] == '{' || h[pos] == '[')) {
                    open(pos++);
                    opened = true;
                    continue;
                }
                pos = JsonText.skipValue(h, pos, end);
            }
            pos = closeAfterValue(pos);
            if (depth == 0) {
                return pos;
            }
            opened = false;
        }
    }

    /** After a value: consumes a comma, or closes containers; returns the index after. */
    private int closeAfterValue(int pos) {
        while (true) {
            pos = JsonText.skipWhitespace(h, pos, end);
            if (pos >= end) {
                throw new ProtocolDecodeException("malformed JSON header: unterminated container");
            }
            byte next = h[pos++];
            if (next == ',') {
                return pos;
            }
            if (next != closer()) {
                throw new ProtocolDecodeException(
                        "malformed JSON header: ',' or '" + closer() + "' expected at byte " + pos);
            }
            if (--depth == 0) {
                return pos;
            }
        }
    }

    private void open(int pos) {
        if (depth == MAX_DEPTH) {
            throw new ProtocolDecodeException("malformed JSON header: nested too deeply");
        }
        int word = depth >>> 6;
        if (word == objects.length) {
            objects = Arrays.copyOf(objects, objects.length * 2);
        }
        long bit = 1L << depth;
        objects[word] = h[pos] == '{' ? objects[word] | bit : objects[word] & ~bit;
        depth++;
    }

    private boolean inObject() {
        int top = depth - 1;
        return (objects[top >>> 6] & 1L << top) != 0;
    }

    private char closer() {
        return inObject() ? '}' : ']';
    }
}
