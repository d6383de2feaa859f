// Generated from src/main/spec/headers.spec by HeaderGenerator: edit the spec, not this file.
package io.bolide.protocol.header;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;

/** AUTH_CREATE_USER (3001), AUTH_UPDATE_USER (3002, both with body UserInfo), AUTH_DELETE_USER (3003) and AUTH_GET_USER (3004) requests: the four carry the same one field. */
public final class UserRequestHeader implements CommandHeader {
    private static final byte[] KEY_USERNAME = "username".getBytes(StandardCharsets.US_ASCII);
    private static final long REQUIRED = 0L;
    private static final String[] REQUIRED_KEYS = {};
    private String username;

    /** An empty header. */
    public UserRequestHeader() {}

    /** The {@code username} field. */
    public String username() {
        return username;
    }

    /** Sets the {@code username} field. */
    public UserRequestHeader username(String value) {
        this.username = value;
        return this;
    }

    @Override
    public void encode(ByteBuf out, ExtFieldWriter writer) {
        writer.putString(out, KEY_USERNAME, username);
    }

    /**
     * Reads the fields from {@code fields}.
     *
     * @throws ProtocolDecodeException if a value is malformed or a required field is missing
     */
    public static UserRequestHeader decode(ExtFieldCursor fields) {
        UserRequestHeader header = new UserRequestHeader();
        long seen = 0;
        while (fields.next()) {
            seen |= header.read(fields);
        }
        if ((seen & REQUIRED) != REQUIRED) {
            throw new ProtocolDecodeException("UserRequestHeader: missing required field "
                    + REQUIRED_KEYS[Long.numberOfTrailingZeros(~seen & REQUIRED)]);
        }
        return header;
    }

    /** Reads the cursor's current field if it is one of ours; returns its required-bit. */
    private long read(ExtFieldCursor field) {
        switch (field.keyLength()) {
            case 8:
                if (field.keyIs(KEY_USERNAME)) {
                    String value = field.valueAsString();
                    if (value == null) {
                        return 0L;
                    }
                    this.username = value;
                    return 0L;
                }
                return 0L;
            default:
                return 0L;
        }
    }

    @Override
    public String toString() {
        return "UserRequestHeader["
                + "username=" + username
                + "]";
    }
}
