// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** CLONE_GROUP_OFFSET (314) request. */
public final class CloneGroupOffsetRequestHeader implements CommandHeader {
    private static final byte[] KEY_SRC_GROUP = "srcGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_DEST_GROUP = "destGroup".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC = "topic".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_OFFLINE = "offline".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 7L;
    private static final String[] REQUIRED_KEYS = {"srcGroup", "destGroup", "offline"};
    private String srcGroup;
    private String destGroup;
    private String topic;
    private boolean offline;

    /** An empty header. */
    public CloneGroupOffsetRequestHeader() {}

    /** The {@code srcGroup} field (required). */
    public String srcGroup() {
        return srcGroup;
    }

    /** Sets the {@code srcGroup} field. */
    public CloneGroupOffsetRequestHeader srcGroup(String value) {
        this.srcGroup = value;
        return this;
    }

    /** The {@code destGroup} field (required). */
    public String destGroup() {
        return destGroup;
    }

    /** Sets the {@code destGroup} field. */
    public CloneGroupOffsetRequestHeader destGroup(String value) {
        this.destGroup = value;
        return this;
    }

    /** The {@code topic} field. */
    public String topic() {
        return topic;
    }

    /** Sets the {@code topic} field. */
    public CloneGroupOffsetRequestHeader topic(String value) {
        this.topic = value;
        return this;
    }

    /** The {@code offline} field (required). */
    public boolean offline() {
        return offline;
    }

    /** Sets the {@code offline} field. */
    public CloneGroupOffsetRequestHeader offline(boolean value) {
        this.offline = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_SRC_GROUP, srcGroup);
        writer.putString(out, KEY_DEST_GROUP, destGroup);
        writer.putString(out, KEY_TOPIC, topic);
        writer.putBoolean(out, KEY_OFFLINE, offline);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static CloneGroupOffsetRequestHeader decode(ExtFieldCursor fields) {
        CloneGroupOffsetRequestHeader header = new CloneGroupOffsetRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("CloneGroupOffsetRequestHeader: missing required field "
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
                    return 0L;
                }
                return 0L;
            case 7:
                if (field.keyIs(KEY_OFFLINE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.offline = field.valueAsBoolean();
                    return 4L;
                }
                return 0L;
            case 8:
                if (field.keyIs(KEY_SRC_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.srcGroup = value;
                    return 1L;
                }
                return 0L;
            case 9:
                if (field.keyIs(KEY_DEST_GROUP)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.destGroup = value;
                    return 2L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "CloneGroupOffsetRequestHeader["
                + "srcGroup=" + srcGroup
                + ", destGroup=" + destGroup
                + ", topic=" + topic
                + ", offline=" + offline
                + "]";
    }
}
