package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.Status;
import io.grpc.stub.ServerCalls;
import io.grpc.stub.StreamObserver;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A unary RPC whose refusals are answered, not thrown: a {@link BadRequest} becomes the response's
 * v2 status with one log line, an unexpected failure INTERNAL_SERVER_ERROR.
 */
final class Unary {
    private static final Logger LOG = LoggerFactory.getLogger(Unary.class);

    private Unary() {}

    /** The answering part of one RPC. */
    @FunctionalInterface
    interface Call<Q, R> {
        R call(Q request) throws BadRequest;
    }

    /** The answering part of one RPC that answers on its own, possibly later. */
    @FunctionalInterface
    interface Streamed<Q, R> {
        void call(Q request, StreamObserver<R> out) throws BadRequest;
    }

    static <Q, R> ServerCalls.UnaryMethod<Q, R> of(
            String name, Call<Q, R> call, Function<Status, R> failed) {
        return (request, out) -> {
            R answer;
            try {
                answer = call.call(request);
            } catch (BadRequest e) {
                answer = failed.apply(refused(name, e));
            } catch (RuntimeException e) {
                answer = failed.apply(failed(name, e));
            }
            out.onNext(answer);
            out.onCompleted();
        };
    }

    /** An RPC that answers through {@code out} itself; refusals answered as by {@link #of}. */
    static <Q, R> void run(
            String name,
            Streamed<Q, R> call,
            Function<Status, R> failed,
            Q request,
            StreamObserver<R> out) {
        try {
            call.call(request, out);
        } catch (BadRequest e) {
            out.onNext(failed.apply(refused(name, e)));
            out.onCompleted();
        } catch (RuntimeException e) {
            out.onNext(failed.apply(failed(name, e)));
            out.onCompleted();
        }
    }

    /** A served RPC that is not built yet: NOT_IMPLEMENTED, never a silent drop. */
    static Status notImplemented(String name) {
        return Statuses.of(Code.NOT_IMPLEMENTED, name + " is not served by this broker yet");
    }

    private static Status refused(String name, BadRequest e) {
        LOG.info("{} from {} refused: {} {}", name, Peer.current(), e.code(), e.getMessage());
        return Statuses.of(e.code(), e.getMessage());
    }

    private static Status failed(String name, RuntimeException e) {
        LOG.warn("{} from {} failed", name, Peer.current(), e);
        return Statuses.of(Code.INTERNAL_SERVER_ERROR, "internal error: " + e);
    }
}
