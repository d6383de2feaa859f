package io.bolide.broker.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;

/**
 * Puts the two metadata values the SDKs sign with into each call's context: {@code authorization}
 * and {@code x-mq-date-time}. {@link Guard} checks them with the request, once the request is read.
 */
final class Credentials implements ServerInterceptor {
    private static final Metadata.Key<String> AUTHORIZATION =
            Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER);
    private static final Metadata.Key<String> DATE_TIME =
            Metadata.Key.of("x-mq-date-time", Metadata.ASCII_STRING_MARSHALLER);
    private static final Context.Key<String> SIGNED = Context.key("bolide-authorization");
    private static final Context.Key<String> WHEN = Context.key("bolide-date-time");

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        Context context =
                Context.current()
                        .withValues(
                                SIGNED, headers.get(AUTHORIZATION), WHEN, headers.get(DATE_TIME));
        return Contexts.interceptCall(context, call, headers, next);
    }

    /** The current call's {@code authorization} value, or null. */
    static String authorization() {
        return SIGNED.get();
    }

    /** The current call's {@code x-mq-date-time} value, or null. */
    static String dateTime() {
        return WHEN.get();
    }
}
