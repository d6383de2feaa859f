// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** The ext fields of every command header Bolide speaks: the single source of the generated codecs in io.bolide.protocol.header and of the differential tests against Apache 5.4.0.  header <ClassName> ref=<the Apache 5.4.0 header class, relative to ...remoting.protocol.header> <javaName>[:<wireKey>][/<shortKey>]  <type>  [req]  [=<default>]  Types: String, int, long, boolean (required, or optional with a default), Integer, Long, Boolean (optional; null = absent). "req": a decode without the field fails. Comment lines directly above a header become its class comment. The inherited RPC keys ns/nsd/oway are ignored everywhere; bname is kept where the Java client sends it. GET_ROUTEINFO_BY_TOPIC (105) request, client to name server. */
public final class GetRouteInfoRequestHeader implements CommandHeader {
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_ACCEPT_STANDARD_JSON_ONLY = "acceptStandardJsonOnly".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"topic"};
    private String topic;
    private Boolean acceptStandardJsonOnly;

    /** An empty header. */
    public GetRouteInfoRequestHeader() {}

    /** The {@code topic} field (required). */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public GetRouteInfoRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code acceptStandardJsonOnly} field. */
    public Boolean acceptStandardJsonOnly() {
        return acceptStandardJsonOnly;
    }

    /** Sets the {@code acceptStandardJsonOnly} field. */
    public GetRouteInfoRequestHeader acceptStandardJsonOnly(Boolean value) {
        this.acceptStandardJsonOnly = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_TOPIC, topic);
        writer.putBoolean(out, KEY_ACCEPT_STANDARD_JSON_ONLY, acceptStandardJsonOnly);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetRouteInfoRequestHeader decode(ExtFieldCursor fields) {
        GetRouteInfoRequestHeader header = new GetRouteInfoRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetRouteInfoRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 5:
                if (field.keyIs(KEY_TOPIC)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.topic = value;
                    return 1L;
                }
                return 0L;
            case 22:
                if (field.keyIs(KEY_ACCEPT_STANDARD_JSON_ONLY)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.acceptStandardJsonOnly = field.valueAsBoolean();
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetRouteInfoRequestHeader["
                + "topic=" + topic
                + ", acceptStandardJsonOnly=" + acceptStandardJsonOnly
                + "]";
    }
}
