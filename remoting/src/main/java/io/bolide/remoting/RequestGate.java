package io.bolide.remoting;

import io.bolide.protocol.frame.RemotingCommand;

/**
 * A check every request passes before its handler runs (the broker's authentication and
 * authorization). It runs on the I/O thread for every frame, so a connection is never trusted on
 * the strength of an earlier one; it must be cheap and must not block.
 */
@FunctionalInterface
public interface RequestGate {
    /**
     * Whether {@code request} may reach its handler. A refusal answers through {@code exchange}
     * (code and remark) before returning false; the transport then releases the request.
     */
    boolean admit(RemotingCommand request, Exchange exchange);
}
