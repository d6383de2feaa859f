package io.bolide.remoting;

import io.bolide.protocol.frame.RemotingCommand;

/**
 * Serves one request code. A handler answers through its {@link Exchange}, either before returning
 * or later from any thread (a held request); a handler that throws is answered with SYSTEM_ERROR.
 *
 * <p>The request, its ext fields and its body are valid only until {@code handle} returns: the
 * transport then releases the frame. A handler that answers later must copy what it needs, or
 * {@code retain()} the request's {@link RemotingCommand#frame()} and release it itself.
 */
@FunctionalInterface
public interface RequestHandler {
    /** Serves {@code request}; answer it through {@code exchange} (not needed when oneway). */
    void handle(RemotingCommand request, Exchange exchange) throws Exception;
}
