// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** GET_TOPICS_BY_CLUSTER (224) request. */
public final class GetTopicsByClusterRequestHeader implements CommandHeader {
    private static final byte[] KEY_CLUSTER = "cluster".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 1L;
    private static final String[] REQUIRED_KEYS = {"cluster"};
    private String cluster;

    /** An empty header. */
    public GetTopicsByClusterRequestHeader() {}

    /** The {@code cluster} field (required). */
    public String cluster() {
        return cluster;
    }

    /** Sets the {@code cluster} field. */
    public GetTopicsByClusterRequestHeader cluster(String value) {
        this.cluster = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_CLUSTER, cluster);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static GetTopicsByClusterRequestHeader decode(ExtFieldCursor fields) {
        GetTopicsByClusterRequestHeader header = new GetTopicsByClusterRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("GetTopicsByClusterRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 7:
                if (field.keyIs(KEY_CLUSTER)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.cluster = value;
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "GetTopicsByClusterRequestHeader["
                + "cluster=" + cluster
                + "]";
    }
}
