package io.bolide.remoting;

import io.bolide.protocol.code.Unserved;
import io.bolide.protocol.frame.RemotingCommand;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Routes inbound requests to their handlers and turns what goes wrong into the reference's error
 * responses: an unknown code, a handler that throws, an executor with no room.
 */
final class Dispatcher {
    private static final String BUSY_REMARK =
            "[OVERLOAD]system busy, start flow control for a while";

    private static final Logger LOG = LoggerFactory.getLogger(Dispatcher.class);

    private final HandlerTable handlers;

    /**
     * Codes refused as unknown so far: each is logged once, so an operator (or a system test in
     * front of a proxy) learns which code a client needed without a log line per request.
     */
    private final Set<Integer> refusedCodes = ConcurrentHashMap.newKeySet();

    private final InFlight inFlight;
    private volatile boolean closing;

    /** Null when nothing is checked: the one branch the hot path pays then. */
    private volatile RequestGate gate;

    /** Null when nobody watches: then no clock is read either. */
    private volatile RequestObserver observer;

    Dispatcher(HandlerTable handlers, InFlight inFlight) {
        this.handlers = handlers;
        this.inFlight = inFlight;
    }

    void dispatch(Connection connection, RemotingCommand request) {
        dispatch(connection, request, true);
    }

    /**
     * @param gated false for a request its caller has already checked in its own protocol: the gate
     *     is skipped, everything else applies
     */
    void dispatch(Connection connection, RemotingCommand request, boolean gated) {
        int code = request.code();
        inFlight.begin();
        connection.requestStarted();
        Exchange exchange =
                new Exchange(
                        connection,
                        code,
                        request.opaque(),
                        request.serializeType(),
                        request.isOneway(),
                        inFlight);
        RequestObserver watching = observer;
        if (watching != null) {
            exchange.observe(watching, System.nanoTime());
        }
        HandlerTable.Registration registration = handlers.get(code);
        if (registration == null) {
            request.release();
            refuseUnknown(connection, code, exchange);
            return;
        }
        RequestGate check = gated ? gate : null;
        if (check != null && !admitted(check, request, exchange)) {
            return;
        }
        if (registration.executor() == null) {
            run(registration.handler(), request, exchange);
            return;
        }
        try {
            registration.executor().execute(() -> run(registration.handler(), request, exchange));
        } catch (RejectedExecutionException e) {
            request.release();
            exchange.respond(ResponseCodes.SYSTEM_BUSY, BUSY_REMARK);
        }
    }

    private void refuseUnknown(Connection connection, int code, Exchange exchange) {
        if (refusedCodes.add(code)) {
            LOG.warn(
                    "request code {} is not served (first refusal, from {})",
                    code,
                    connection.remoteAddress());
        }
        // The reference's remark, then why Bolide refuses the code when it is a known one.
        String reason = Unserved.reason(code);
        exchange.respond(
                ResponseCodes.REQUEST_CODE_NOT_SUPPORTED,
                reason == null
                        ? " request type " + code + " not supported"
                        : " request type " + code + " not supported: " + reason);
    }

    private static void run(RequestHandler handler, RemotingCommand request, Exchange exchange) {
        try {
            handler.handle(request, exchange);
        } catch (Exception | LinkageError | AssertionError e) {
            exchange.fail(e);
        } finally {
            request.release();
            exchange.handlerReturned();
        }
    }

    private static boolean admitted(RequestGate check, RemotingCommand request, Exchange exchange) {
        boolean admitted;
        try {
            admitted = check.admit(request, exchange);
        } catch (RuntimeException e) {
            exchange.fail(e);
            admitted = false;
        }
        if (!admitted) {
            request.release();
            exchange.handlerReturned();
        }
        return admitted;
    }

    void gate(RequestGate check) {
        gate = check;
    }

    void observe(RequestObserver watcher) {
        observer = watcher;
    }

    /** From now on, connections stay paused once paused: the owner is shutting down. */
    void close() {
        closing = true;
    }

    boolean isClosing() {
        return closing;
    }
}
