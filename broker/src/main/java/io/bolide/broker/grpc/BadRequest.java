package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;

/** A request refused with a v2 status code (hostile or malformed input, an unserved feature). */
final class BadRequest extends Exception {
    private static final long serialVersionUID = 1L;

    private final transient Code code;

    BadRequest(Code code, String message) {
        super(message, null, false, false);
        this.code = code;
    }

    Code code() {
        return code;
    }
}
