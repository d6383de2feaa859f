// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** AUTH_DELETE_ACL (3008) request: the whole ACL of the subject, or only its entries on one resource. */
public final class DeleteAclRequestHeader implements CommandHeader {
    private static final byte[] KEY_SUBJECT = "subject".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_POLICY_TYPE = "policyType".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] KEY_RESOURCE = "resource".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String subject;
    private String policyType;
    private String resource;

    /** An empty header. */
    public DeleteAclRequestHeader() {}

    /** The {@code subject} field. */
    public String subject() {
        return subject;
    }

    /** Sets the {@code subject} field. */
    public DeleteAclRequestHeader subject(String value) {
        this.subject = value;
        return this;
    }

    /** The {@code policyType} field. */
    public String policyType() {
        return policyType;
    }

    /** Sets the {@code policyType} field. */
    public DeleteAclRequestHeader policyType(String value) {
        this.policyType = value;
        return this;
    }

    /** The {@code resource} field. */
    public String resource() {
        return resource;
    }

    /** Sets the {@code resource} field. */
    public DeleteAclRequestHeader resource(String value) {
        this.resource = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_SUBJECT, subject);
        writer.putString(out, KEY_POLICY_TYPE, policyType);
        writer.putString(out, KEY_RESOURCE, resource);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static DeleteAclRequestHeader decode(ExtFieldCursor fields) {
        DeleteAclRequestHeader header = new DeleteAclRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("DeleteAclRequestHeader: missing required field "
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
            case 8:
                if (field.keyIs(KEY_RESOURCE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.resource = value;
                    return 0L;
                }
                return 0L;
            case 10:
                if (field.keyIs(KEY_POLICY_TYPE)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.policyType = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "DeleteAclRequestHeader["
                + "subject=" + subject
                + ", policyType=" + policyType
                + ", resource=" + resource
                + "]";
    }
}
