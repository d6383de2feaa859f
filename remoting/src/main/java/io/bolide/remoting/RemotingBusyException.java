package io.bolide.remoting;

/** Too many asynchronous or oneway calls are in flight; the caller should back off. */
public final class RemotingBusyException extends RemotingException {
    private static final long serialVersionUID = 1L;

    /** A failure described by {@code message}. */
    public RemotingBusyException(String message) {
        super(message);
    }

    /** A failure described by {@code message}, caused by {@code cause}. */
    public RemotingBusyException(String message, Throwable cause) {
        super(message, cause);
    }
}
