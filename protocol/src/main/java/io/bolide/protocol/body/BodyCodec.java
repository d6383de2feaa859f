package io.bolide.protocol.body;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufOutputStream;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Encodes and decodes the JSON bodies of remoting commands (route data, heartbeats, registrations,
 * admin tables), compatible with what the Apache 5.x client, broker and name server write and read.
 *
 * <p>Decoding treats the body as hostile: malformed or truncated JSON, wrong value types and
 * excessive nesting all end in a {@link ProtocolDecodeException}, never another exception.
 * Thread-safe.
 */
public final class BodyCodec {
    private static final ObjectMapper MAPPER = BodyMapper.create();

    private BodyCodec() {}

    /** The JSON bytes of {@code body} (UTF-8, compact). */
    public static byte[] encode(Object body) {
        try {
            return MAPPER.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new IllegalArgumentException("cannot encode " + body.getClass().getName(), e);
        }
    }

    /** Appends the JSON of {@code body} to {@code out}; returns the number of bytes written. */
    public static int encode(Object body, ByteBuf out) {
        int start = out.writerIndex();
        try (ByteBufOutputStream stream = new ByteBufOutputStream(out)) {
            // ByteBufOutputStream is also a DataOutput: pick the OutputStream overload.
            MAPPER.writeValue((OutputStream) stream, body);
        } catch (IOException e) {
            out.writerIndex(start);
            throw new IllegalArgumentException("cannot encode " + body.getClass().getName(), e);
        }
        return out.writerIndex() - start;
    }

    /** Decodes a whole array as a body of {@code type}. */
    public static <T> T decode(byte[] json, Class<T> type) {
        return decode(json, 0, json.length, type);
    }

    /**
     * Decodes the readable bytes of {@code json} as a body of {@code type}, without moving its
     * reader index.
     */
    public static <T> T decode(ByteBuf json, Class<T> type) {
        int length = json.readableBytes();
        if (json.hasArray()) {
            return decode(json.array(), json.arrayOffset() + json.readerIndex(), length, type);
        }
        byte[] copy = new byte[length];
        json.getBytes(json.readerIndex(), copy);
        return decode(copy, 0, length, type);
    }

    private static <T> T decode(byte[] json, int offset, int length, Class<T> type) {
        byte[] rewritten = ObjectKeyRewriter.rewrite(json, offset, length);
        try {
            T body =
                    rewritten == null
                            ? MAPPER.readValue(json, offset, length, type)
                            : MAPPER.readValue(rewritten, type);
            if (body == null) {
                throw new ProtocolDecodeException("JSON body is null, expected " + type.getName());
            }
            return body;
        } catch (ProtocolDecodeException e) {
            throw e;
        } catch (IOException | RuntimeException e) {
            // Jackson's own exceptions, and whatever a record constructor throws on bad values.
            throw new ProtocolDecodeException(
                    "malformed " + type.getSimpleName() + " body: " + e.getMessage(), e);
        }
    }
}
