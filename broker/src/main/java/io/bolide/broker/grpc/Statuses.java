package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Status;

/** The v2 {@code Status} every response carries. */
final class Statuses {
    static final Status OK = Status.newBuilder().setCode(Code.OK).setMessage("OK").build();

    private Statuses() {}

    static Status of(Code code, String message) {
        return Status.newBuilder().setCode(code).setMessage(message).build();
    }
}
