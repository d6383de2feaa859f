package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * The gRPC endpoint's key (docs/grpc.md), declared here and tabled in {@link BrokerConfigKeys}.
 * Named after the reference proxy's key, since the SDKs reach this endpoint where they reached the
 * proxy.
 */
final class GrpcKeys {
    static final Key<Integer> GRPC_SERVER_PORT =
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
                    // The reference broker does not read it: its proxy does.
                    .bolideOnly();

    private GrpcKeys() {}
}
