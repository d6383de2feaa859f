package io.bolide.remoting;

/** The request could not be written to the connection. */
public final class RemotingSendException extends RemotingException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public RemotingSendException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public RemotingSendException(String message, Throwable cause) {
        super(message, cause);
    }
}
