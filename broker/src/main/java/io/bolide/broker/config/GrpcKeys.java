package io.bolide.broker.config;

import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The gRPC endpoint's keys (docs/grpc.md), declared here and tabled in {@link BrokerConfigKeys}.
 * Named after the reference proxy's keys, since the SDKs reach this endpoint where they reached the
 * proxy; the reference broker reads none of them.
 */
public final class GrpcKeys {
    private static final Key<Integer> GRPC_SERVER_PORT =
            Key.ofInt(
                            "grpcServerPort",
                            // Off until the endpoint serves everything the SDKs send
                            // (docs/grpc.md);
                            // on by default it would also make every master on a host claim 8081.
                            -1,
                            -1,
                            65535,
                            "port of the gRPC endpoint the RocketMQ 5 SDKs call (MessagingService; 8081 is"
                                    + " the reference proxy's); -1 = off, 0 = any free port")
                    .bolideOnly();

    private static final Key<Long> MAX_LONG_POLLING =
            Key.ofLong(
                            "grpcClientConsumerMaxLongPollingTimeoutMillis",
                            20_000,
                            1_000,
                            60_000,
                            "long polling (ms) the gRPC endpoint hands a push consumer in its"
                                    + " settings: each receive waits at most this long for messages")
                    .bolideOnly()
                    .live();

    /** {@code grpcServerPort}. */
    public final Key<Integer> serverPort;

    /**
     * {@code grpcClientConsumerMaxLongPollingTimeoutMillis}: also how long a closing SDK push
     * consumer waits for its last receive. Read at every settings answer, so a change reaches each
     * client at its next settings exchange.
     */
    public final Key<Long> maxLongPolling;

    private GrpcKeys(KeyTable.Builder keys) {
        serverPort = keys.add(GRPC_SERVER_PORT);
        maxLongPolling = keys.add(MAX_LONG_POLLING);
    }

    static GrpcKeys declare(KeyTable.Builder keys) {
        return new GrpcKeys(keys);
    }
}
