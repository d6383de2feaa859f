package io.bolide.broker.grpc;

import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Grpc;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import java.net.InetSocketAddress;
import java.net.SocketAddress;

/** Puts each call's remote address into its context: the born host of what it sends, and logs. */
final class Peer implements ServerInterceptor {
    private static final Context.Key<InetSocketAddress> REMOTE = Context.key("bolide-remote");
    private static final Context.Key<String> CLIENT = Context.key("bolide-client-id");
    private static final Metadata.Key<String> CLIENT_ID =
            Metadata.Key.of("x-mq-client-id", Metadata.ASCII_STRING_MARSHALLER);
    private static final InetSocketAddress UNKNOWN = new InetSocketAddress("127.0.0.1", 0);

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(
            ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        SocketAddress remote = call.getAttributes().get(Grpc.TRANSPORT_ATTR_REMOTE_ADDR);
        InetSocketAddress address =
                remote instanceof InetSocketAddress inet && inet.getAddress() != null
                        ? inet
                        : UNKNOWN;
        return Contexts.interceptCall(
                Context.current()
                        .withValue(REMOTE, address)
                        .withValue(CLIENT, headers.get(CLIENT_ID)),
                call,
                headers,
                next);
    }

    /** The client id the current call's SDK names ({@code x-mq-client-id}), or "". */
    static String clientId() {
        String id = CLIENT.get();
        return id == null ? "" : id;
    }

    /** The current call's remote address. */
    static InetSocketAddress current() {
        InetSocketAddress address = REMOTE.get();
        return address == null ? UNKNOWN : address;
    }
}
