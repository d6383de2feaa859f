// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** AUTH_CREATE_ACL (3006), AUTH_UPDATE_ACL (3007, both with body AclInfo) and AUTH_GET_ACL (3009) requests: the subject, User:<name>. */
public final class AclRequestHeader implements CommandHeader {
    private static final byte[] KEY_SUBJECT = "subject".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String subject;

    /** An empty header. */
    public AclRequestHeader() {}

    /** The {@code subject} field. */
    public String subject() {
        return subject;
    }

    /** Sets the {@code subject} field. */
    public AclRequestHeader subject(String value) {
        this.subject = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_SUBJECT, subject);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static AclRequestHeader decode(ExtFieldCursor fields) {
        AclRequestHeader header = new AclRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("AclRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 7:
                if (field.keyIs(KEY_SUBJECT)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.subject = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "AclRequestHeader["
                + "subject=" + subject
                + "]";
    }
}
