package io.bolide.admin;

/**
 * What {@code bolide admin} exits with: scripts tell a refusal from a typo from an outage by the
 * status alone.
 */
public enum ExitCode {
    /** The command did what it was asked. */
    OK(0),
    /** A name server or broker answered with a failure code (printed with its remark). */
    REFUSED(1),
    /** The command line was wrong: unknown command or flag, missing or malformed value. */
    USAGE(2),
    /** No answer: the address could not be connected to, or the call timed out. */
    UNREACHABLE(3);

    private final int status;

    ExitCode(int status) {
        this.status = status;
    }

    /** The process exit status. */
    public int status() {
        return status;
    }
}
