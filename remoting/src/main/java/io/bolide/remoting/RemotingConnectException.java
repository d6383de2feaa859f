package io.bolide.remoting;

/** No connection to the address could be made, or it closed while the call was pending. */
public final class RemotingConnectException extends RemotingException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public RemotingConnectException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public RemotingConnectException(String message, Throwable cause) {
        super(message, cause);
    }
}
