package io.bolide.broker.pop;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * POP_ROLLBACK (200056). The reference 5.5.0 registers no processor of its own for this code: its
 * default (admin) processor takes it as "move the POP records of the RocksDB consumer store to the
 * file store", a no-op without that store, and answers SUCCESS with the remark its response factory
 * presets ({@value #REMARK}). Bolide keeps POP state only in its pop log, so there is nothing to
 * move either: the same answer (docs/protocol/pop.md).
 */
final class PopRollbackHandler implements RequestHandler {
    static final String REMARK = "not set any response code";

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        exchange.respond(ResponseCode.SUCCESS, REMARK);
    }
}
