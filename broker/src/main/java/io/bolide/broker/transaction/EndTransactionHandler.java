package io.bolide.broker.transaction;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.EndTransactionRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * END_TRANSACTION (37): a producer's commit, rollback or "unknown" for a half message. The Java
 * client sends it oneway, so the answer (the reference's codes) only reaches other callers.
 */
final class EndTransactionHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(EndTransactionHandler.class);

    private final Transactions transactions;

    EndTransactionHandler(Transactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        EndTransactionRequestHeader header =
                EndTransactionRequestHeader.decode(request.extFields());
        transactions
                .end(
                        header.producerGroup(),
                        header.commitLogOffset(),
                        header.tranStateTableOffset(),
                        header.commitOrRollback())
                .whenComplete((outcome, failure) -> answer(exchange, header, outcome, failure));
    }

    private static void answer(
            Exchange exchange,
            EndTransactionRequestHeader header,
            EndOutcome outcome,
            Throwable failure) {
        if (failure != null || outcome == EndOutcome.FAILED) {
            LOG.warn("END_TRANSACTION failed: {}", header, failure);
            exchange.respond(ResponseCode.SYSTEM_ERROR, "end transaction failed");
            return;
        }
        switch (outcome) {
            case NOT_FOUND:
                LOG.debug("END_TRANSACTION for no half message: {}", header);
                exchange.respond(
                        ResponseCode.SYSTEM_ERROR, "Find prepared transaction message failed");
                return;
            case WRONG_GROUP:
                LOG.debug("END_TRANSACTION from the wrong group: {}", header);
                exchange.respond(ResponseCode.SYSTEM_ERROR, "The producer group wrong");
                return;
            default:
                exchange.respond(ResponseCode.SUCCESS, null);
        }
    }
}
