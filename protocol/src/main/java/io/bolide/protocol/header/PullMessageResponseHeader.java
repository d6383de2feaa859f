// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361) response; the four required fields must be on every response with code 0, 19, 20 or 21. */
public final class PullMessageResponseHeader implements CommandHeader {
    private static final byte[] KEY_SUGGEST_WHICH_BROKER_ID = "suggestWhichBrokerId".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_NEXT_BEGIN_OFFSET = "nextBeginOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MIN_OFFSET = "minOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_MAX_OFFSET = "maxOffset".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_OFFSET_DELTA = "offsetDelta".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_TOPIC_SYS_FLAG = "topicSysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_GROUP_SYS_FLAG = "groupSysFlag".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_FORBIDDEN_TYPE = "forbiddenType".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 15L;
    private static final String[] REQUIRED_KEYS = {"suggestWhichBrokerId", "nextBeginOffset", "minOffset", "maxOffset"};
    private long suggestWhichBrokerId;
    private long nextBeginOffset;
    private long minOffset;
    private long maxOffset;
    private Long offsetDelta;
    private Integer topicSysFlag;
    private Integer groupSysFlag;
    private Integer forbiddenType;

    /** An empty header. */
    public PullMessageResponseHeader() {}

    /** The {@code suggestWhichBrokerId} field (required). */
    public long suggestWhichBrokerId() {
        return suggestWhichBrokerId;
    }

    /** Sets the {@code suggestWhichBrokerId} field. */
    public PullMessageResponseHeader suggestWhichBrokerId(long value) {
        this.suggestWhichBrokerId = value;
        return this;
    }

    /** The {@code nextBeginOffset} field (required). */
    public long nextBeginOffset() {
        return nextBeginOffset;
    }

    /** Sets the {@code nextBeginOffset} field. */
    public PullMessageResponseHeader nextBeginOffset(long value) {
        this.nextBeginOffset = value;
        return this;
    }

    /** The {@code minOffset} field (required). */
    public long minOffset() {
        return minOffset;
    }

    /** Sets the {@code minOffset} field. */
    public PullMessageResponseHeader minOffset(long value) {
        this.minOffset = value;
        return this;
    }

    /** The {@code maxOffset} field (required). */
    public long maxOffset() {
        return maxOffset;
    }

    /** Sets the {@code maxOffset} field. */
    public PullMessageResponseHeader maxOffset(long value) {
        this.maxOffset = value;
        return this;
    }

    /** The {@code offsetDelta} field. */
    public Long offsetDelta() {
        return offsetDelta;
    }

    /** Sets the {@code offsetDelta} field. */
    public PullMessageResponseHeader offsetDelta(Long value) {
        this.offsetDelta = value;
        return this;
    }

    /** The {@code topicSysFlag} field. */
    public Integer topicSysFlag() {
        return topicSysFlag;
    }

    /** Sets the {@code topicSysFlag} field. */
    public PullMessageResponseHeader topicSysFlag(Integer value) {
        this.topicSysFlag = value;
        return this;
    }

    /** The {@code groupSysFlag} field. */
    public Integer groupSysFlag() {
        return groupSysFlag;
    }

    /** Sets the {@code groupSysFlag} field. */
    public PullMessageResponseHeader groupSysFlag(Integer value) {
        this.groupSysFlag = value;
        return this;
    }

    /** The {@code forbiddenType} field. */
    public Integer forbiddenType() {
        return forbiddenType;
    }

    /** Sets the {@code forbiddenType} field. */
    public PullMessageResponseHeader forbiddenType(Integer value) {
        this.forbiddenType = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putLong(out, KEY_SUGGEST_WHICH_BROKER_ID, suggestWhichBrokerId);
        writer.putLong(out, KEY_NEXT_BEGIN_OFFSET, nextBeginOffset);
        writer.putLong(out, KEY_MIN_OFFSET, minOffset);
        writer.putLong(out, KEY_MAX_OFFSET, maxOffset);
        writer.putLong(out, KEY_OFFSET_DELTA, offsetDelta);
        writer.putInt(out, KEY_TOPIC_SYS_FLAG, topicSysFlag);
        writer.putInt(out, KEY_GROUP_SYS_FLAG, groupSysFlag);
        writer.putInt(out, KEY_FORBIDDEN_TYPE, forbiddenType);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static PullMessageResponseHeader decode(ExtFieldCursor fields) {
        PullMessageResponseHeader header = new PullMessageResponseHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("PullMessageResponseHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 9:
                if (field.keyIs(KEY_MIN_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.minOffset = field.valueAsLong();
                    return 4L;
                }
                if (field.keyIs(KEY_MAX_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.maxOffset = field.valueAsLong();
                    return 8L;
                }
                return 0L;
            case 11:
                if (field.keyIs(KEY_OFFSET_DELTA)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.offsetDelta = field.valueAsLong();
                    return 0L;
                }
                return 0L;
            case 12:
                if (field.keyIs(KEY_TOPIC_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.topicSysFlag = field.valueAsInt();
                    return 0L;
                }
                if (field.keyIs(KEY_GROUP_SYS_FLAG)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.groupSysFlag = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 13:
                if (field.keyIs(KEY_FORBIDDEN_TYPE)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.forbiddenType = field.valueAsInt();
                    return 0L;
                }
                return 0L;
            case 15:
                if (field.keyIs(KEY_NEXT_BEGIN_OFFSET)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.nextBeginOffset = field.valueAsLong();
                    return 2L;
                }
                return 0L;
            case 20:
                if (field.keyIs(KEY_SUGGEST_WHICH_BROKER_ID)) {
                    if (field.valueIsAbsent()) {
                        return 0L;
                    }
                    this.suggestWhichBrokerId = field.valueAsLong();
                    return 1L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "PullMessageResponseHeader["
                + "suggestWhichBrokerId=" + suggestWhichBrokerId
                + ", nextBeginOffset=" + nextBeginOffset
                + ", minOffset=" + minOffset
                + ", maxOffset=" + maxOffset
                + ", offsetDelta=" + offsetDelta
                + ", topicSysFlag=" + topicSysFlag
                + ", groupSysFlag=" + groupSysFlag
                + ", forbiddenType=" + forbiddenType
                + "]";
    }
}
