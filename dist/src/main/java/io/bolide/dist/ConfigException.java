package io.bolide.dist;

/**
 * A configuration the command cannot run with: an unreadable file, an unknown key, a bad value. The
 * message is shown to the operator as is, and the command exits with status 2.
 */
final class ConfigException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    ConfigException(String message) {
        super(message, null, false, false);
    }
}
