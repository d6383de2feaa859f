package io.bolide.remoting;

import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.SerializeType;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answering side of one request: carries the request's opaque and serialization to the response
 * and lets it be sent once, now or later, from any thread. The response is written in the
 * serialization the request came in, so a client can always read its answer.
 */
public final class Exchange {
    private static final Logger LOG = LoggerFactory.getLogger(Exchange.class);
    private static final AtomicIntegerFieldUpdater<Exchange> DONE =
            AtomicIntegerFieldUpdater.newUpdater(Exchange.class, "done");

    private final Connection connection;
    private final int code;
    private final int opaque;
    private final SerializeType type;
    private final boolean oneway;
    private final InFlight inFlight;
    private volatile int done;
    private RequestObserver observer;
    private long startNanos;

    Exchange(
            Connection connection,
            int code,
            int opaque,
            SerializeType type,
            boolean oneway,
            InFlight inFlight) {
        this.connection = connection;
        this.code = code;
        this.opaque = opaque;
        this.type = type;
        this.oneway = oneway;
        this.inFlight = inFlight;
    }

    /** Reports this exchange's answer to {@code watcher}; set before the handler runs. */
    void observe(RequestObserver watcher, long dispatchedNanos) {
        observer = watcher;
        startNanos = dispatchedNanos;
    }

    /** The connection the request came in on (to call the peer back, or to learn its address). */
    public Connection connection() {
        return connection;
    }

    /** The request's correlation id. */
    public int opaque() {
        return opaque;
    }

    /** The serialization of the request, and so of the response. */
    public SerializeType serializeType() {
        return type;
    }

    /** Whether the peer expects no response. */
    public boolean isOneway() {
        return oneway;
    }

    /** Whether the response was sent (or, for oneway, the request finished). */
    public boolean isDone() {
        return done != 0;
    }

    /** Responds with {@code code} and {@code remark}, no header and no body. */
    public boolean respond(int code, String remark) {
        return respond(code, remark, null, null);
    }

    /**
     * Sends the response. Only the first call has an effect; a oneway request sends nothing. While
     * a {@link ResponseBatch} is open on the calling thread, the response leaves when it closes.
     *
     * @param header response ext fields, or null for none
     * @param body response body, or null; always released by the transport
     * @return whether this call was the first
     */
    public boolean respond(int code, String remark, CommandHeader header, ByteBuf body) {
        if (!DONE.compareAndSet(this, 0, 1)) {
            if (body != null) {
                body.release();
            }
            LOG.debug("request {} from {} already answered", opaque, connection);
            return false;
        }
        try {
            if (oneway) {
                if (body != null) {
                    body.release();
                }
            } else {
                connection.respond(type, code, opaque, remark, header, body);
            }
        } finally {
            inFlight.end();
            connection.requestEnded();
        }
        if (observer != null) {
            observer.answered(this.code, code, System.nanoTime() - startNanos);
        }
        return true;
    }

    /** Answers a handler failure with SYSTEM_ERROR and the failure's message. */
    void fail(Throwable failure) {
        if (isDone()) {
            LOG.warn("handler for code {} failed after answering", code, failure);
            return;
        }
        LOG.debug("handler for code {} from {} failed", code, connection, failure);
        String message = failure.getMessage();
        respond(
                ResponseCodes.SYSTEM_ERROR,
                message == null ? failure.getClass().getName() : message);
    }

    /** Ends a oneway request once its handler has returned. */
    void handlerReturned() {
        if (oneway && DONE.compareAndSet(this, 0, 1)) {
            inFlight.end();
            connection.requestEnded();
        }
    }
}
