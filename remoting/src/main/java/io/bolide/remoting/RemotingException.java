package io.bolide.remoting;

/**
 * A remote call that did not produce a response: the connection could not be made, the request
 * could not be sent, no response came in time, or too many calls were already in flight. Error
 * responses from the peer are not exceptions; they are responses with a non-zero code.
 */
public class RemotingException extends Exception {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public RemotingException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public RemotingException(String message, Throwable cause) {
        super(message, cause);
    }
}
