package io.bolide.controller;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Serves one controller request code: decodes the request into a decision ({@code decide}), then
 * answers with the outcome once it is replicated. The request is read on the I/O thread (its
 * buffers are only valid there); the answer may come from the writer thread.
 */
final class OutcomeHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(OutcomeHandler.class);
    private static final int INITIAL_BODY = 256;

    private final Function<RemotingCommand, CompletableFuture<Outcome>> decide;

    OutcomeHandler(Function<RemotingCommand, CompletableFuture<Outcome>> decide) {
        this.decide = decide;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        decide.apply(request)
                .whenComplete(
                        (outcome, failure) -> {
                            if (failure != null) {
                                LOG.warn("controller request failed", failure);
                                exchange.respond(
                                        ResponseCode.SYSTEM_ERROR, String.valueOf(failure));
                            } else {
                                respond(exchange, outcome);
                            }
                        });
    }

    static void respond(Exchange exchange, Outcome outcome) {
        exchange.respond(outcome.code(), outcome.remark(), outcome.header(), body(outcome.body()));
    }

    private static ByteBuf body(Object body) {
        if (body == null) {
            return null;
        }
        ByteBuf out = PooledByteBufAllocator.DEFAULT.ioBuffer(INITIAL_BODY);
        try {
            BodyCodec.encode(body, out);
            return out;
        } catch (RuntimeException e) {
            out.release();
            throw e;
        }
    }
}
