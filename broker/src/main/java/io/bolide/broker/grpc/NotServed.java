package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Status;
import io.grpc.stub.ServerCalls;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** RPCs not built yet: answered NOT_IMPLEMENTED in the v2 status, with one debug line each. */
final class NotServed {
    private static final Logger LOG = LoggerFactory.getLogger(NotServed.class);

    private NotServed() {}

    static <Q, R> ServerCalls.UnaryMethod<Q, R> unary(String name, Function<Status, R> answer) {
        return (request, out) -> {
            LOG.debug("{} from {}: not served yet", name, Peer.current());
            out.onNext(answer.apply(Unary.notImplemented(name)));
            out.onCompleted();
        };
    }
}
