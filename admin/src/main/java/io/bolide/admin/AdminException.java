package io.bolide.admin;

/** A command that cannot go on: the message goes to stderr, the code becomes the exit status. */
final class AdminException extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient ExitCode code;

    AdminException(ExitCode code, String message) {
        super(message);
        this.code = code;
    }

    AdminException(ExitCode code, String message, Throwable cause) {
        super(message, cause);
        this.code = code;
    }

    static AdminException usage(String message) {
        return new AdminException(ExitCode.USAGE, message);
    }

    ExitCode code() {
        return code;
    }
}
