package io.bolide.protocol.body;

import io.bolide.protocol.frame.ProtocolDecodeException;
import java.util.Arrays;

/**
 * Turns fastjson's object-valued map keys into standard JSON string keys before Jackson sees the
 * text.
 *
 * <p>fastjson writes a map keyed by an object (a {@code MessageQueue}) with the key as a raw JSON
 * object: {@code {{"brokerName":"b","queueId":0,"topic":"T"}:{...}}}. That is not JSON, and the
 * Apache side accepts nothing else, so Bolide must read it. This pass rewrites each such key into a
 * string holding the key's JSON text ({@code "{\"brokerName\":...}"}), which a key deserializer
 * then parses. Input without object keys is returned as is, without a copy.
 */
final class ObjectKeyRewriter {
    /** Deeper nesting than any RocketMQ body; also bounds the container stack below. */
    static final int MAX_DEPTH = 64;

    private final byte[] in;
    private final int start;
    private final int end;
    private final boolean[] objectAt = new boolean[MAX_DEPTH];
    private int depth;
    private byte[] out;
    private int outLength;

    private ObjectKeyRewriter(byte[] in, int start, int end) {
        this.in = in;
        this.start = start;
        this.end = end;
    }

    /**
     * The rewritten text of {@code in[offset, offset + length)}, or {@code null} when it has no
     * object keys and can be parsed as it is.
     */
    static byte[] rewrite(byte[] in, int offset, int length) {
        ObjectKeyRewriter rewriter = new ObjectKeyRewriter(in, offset, offset + length);
        rewriter.scan();
        return rewriter.out == null ? null : Arrays.copyOf(rewriter.out, rewriter.outLength);
    }

    private void scan() {
        byte previous = 0;
        int i = start;
        while (i < end) {
            byte b = in[i];
            if (b == '"') {
                int after = skipString(i);
                copy(i, after);
                i = after;
                previous = '"';
                continue;
            }
            if (b == '{'
                    && (previous == '{' || previous == ',')
                    && depth > 0
                    && objectAt[depth - 1]) {
                i = rewriteKey(i);
                previous = '"';
                continue;
            }
            track(b);
            copy(i, i + 1);
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                previous = b;
            }
            i++;
        }
    }

    private void track(byte b) {
        if (b == '{' || b == '[') {
            if (depth == MAX_DEPTH) {
                throw new ProtocolDecodeException("JSON body nested deeper than " + MAX_DEPTH);
            }
            objectAt[depth++] = b == '{';
        } else if ((b == '}' || b == ']') && depth > 0) {
            depth--;
        }
    }

    /** Index just past the string starting at the quote at {@code quote}. */
    private int skipString(int quote) {
        int i = quote + 1;
        while (i < end) {
            byte b = in[i];
            if (b == '\\') {
                i += 2;
            } else if (b == '"') {
                return i + 1;
            } else {
                i++;
            }
        }
        throw new ProtocolDecodeException("unterminated string in JSON body");
    }

    /** Writes the object starting at {@code open} as a JSON string; returns the index after it. */
    private int rewriteKey(int open) {
        if (out == null) {
            int length = end - start;
            out = new byte[length + length / 4 + 16];
            outLength = 0;
            // Everything before the first key was not copied yet: the scan copies lazily.
            append(in, start, open - start);
        }
        appendByte((byte) '"');
        int nesting = 0;
        int i = open;
        while (i < end) {
            byte b = in[i];
            if (b == '"') {
                int after = skipString(i);
                appendEscaped(i, after);
                i = after;
                continue;
            }
            if (b == '{') {
                nesting++;
            } else if (b == '}' && --nesting == 0) {
                appendByte(b);
                appendByte((byte) '"');
                return i + 1;
            }
            if (b != ' ' && b != '\t' && b != '\n' && b != '\r') {
                appendByte(b);
            }
            i++;
        }
        throw new ProtocolDecodeException("unterminated object key in JSON body");
    }

    private void copy(int from, int to) {
        if (out == null) {
            return;
        }
        append(in, from, to - from);
    }

    private void appendEscaped(int from, int to) {
        for (int i = from; i < to; i++) {
            byte b = in[i];
            if (b == '"' || b == '\\') {
                appendByte((byte) '\\');
            }
            appendByte(b);
        }
    }

    private void append(byte[] source, int from, int length) {
        ensure(length);
        System.arraycopy(source, from, out, outLength, length);
        outLength += length;
    }

    private void appendByte(byte b) {
        ensure(1);
        out[outLength++] = b;
    }

    private void ensure(int more) {
        if (outLength + more > out.length) {
            out = Arrays.copyOf(out, Math.max(out.length * 2, outLength + more));
        }
    }
}
