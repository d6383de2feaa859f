package io.bolide.broker.admin;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.netty.buffer.ByteBuf;

/** Relays a client's answer to the admin that asked: its code, remark and body unchanged. */
final class Relay {
    private Relay() {}

    static void answer(RemotingCommand response, Exchange exchange) {
        try {
            ByteBuf body = response.bodyLength() == 0 ? null : response.body().retain();
            exchange.respond(response.code(), response.remark(), null, body);
        } finally {
            response.release();
        }
    }
}
