package io.bolide.broker.auth;

/**
 * A refusal of an authentication or authorization request or change: answered NO_PERMISSION (16)
 * with the message as the remark, the reference's wording.
 */
final class AuthException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    AuthException(String remark) {
        super(remark, null, false, false);
    }
}
