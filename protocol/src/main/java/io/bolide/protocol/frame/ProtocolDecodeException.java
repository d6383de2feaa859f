package io.bolide.protocol.frame;

/**
 * Input that does not follow the wire format: a truncated or oversized frame, a malformed header, a
 * field that is not what its type says. The only exception a decoder throws for bad bytes; callers
 * answer it with an error response or close the connection.
 */
public final class ProtocolDecodeException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** A decode failure described by {@code message}. */
    public ProtocolDecodeException(String message) {
        super(message);
    }

    /** A decode failure described by {@code message}, caused by {@code cause}. */
    public ProtocolDecodeException(String message, Throwable cause) {
        super(message, cause);
    }

    /** No stack trace: hostile input must not make the process pay for one per frame. */
    @Override
    public synchronized Throwable fillInStackTrace() {
        return this;
    }
}
