package io.bolide.broker.console;

import io.netty.handler.codec.http.HttpResponseStatus;

/** A request the API refuses: an HTTP status (4xx) and a message a person can act on. */
final class ApiError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final transient HttpResponseStatus status;

    ApiError(HttpResponseStatus status, String message) {
        super(message, null, false, false);
        this.status = status;
    }

    static ApiError badRequest(String message) {
        return new ApiError(HttpResponseStatus.BAD_REQUEST, message);
    }

    static ApiError notFound(String message) {
        return new ApiError(HttpResponseStatus.NOT_FOUND, message);
    }

    HttpResponseStatus status() {
        return status;
    }
}
