package io.bolide.broker.filter;

/** An expression that does not compile: a syntax error, a type error or a size limit. */
public final class SqlFilterException extends Exception {
    private static final long serialVersionUID = 1L;

    /** Zero-based character index the error was found at. */
    private final int position;

    SqlFilterException(String problem, int position) {
        super(problem + " at column " + (position + 1));
        this.position = position;
    }

    /** Zero-based index of the character in the expression where the error was found. */
    public int position() {
        return position;
    }
}
