package io.bolide.remoting;

/** No response arrived before the call's deadline; the connection stays open. */
public final class RemotingTimeoutException extends RemotingException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public RemotingTimeoutException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public RemotingTimeoutException(String message, Throwable cause) {
        super(message, cause);
    }
}
