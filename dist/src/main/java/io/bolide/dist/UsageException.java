package io.bolide.dist;

/** A command line the command cannot parse; shown with the usage, exit status 2. */
final class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UsageException(String message) {
        super(message, null, false, false);
    }
}
