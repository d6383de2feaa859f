package io.bolide.broker.transaction;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ResumeCheckHalfMessageRequestHeader;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * RESUME_CHECK_HALF_MESSAGE (323): puts the half message named by its offset message id back into
 * transaction checking (an operator's second chance for one given up after transactionCheckMax
 * checks). Answers as the reference does: SUCCESS with no remark, else SYSTEM_ERROR with its
 * remarks for a failed put and for an id that cannot be read.
 */
final class ResumeCheckHalfMessageHandler implements RequestHandler {
    static final String PUT_FAILED = "Put message back to RMQ_SYS_TRANS_HALF_TOPIC failed.";
    static final String BAD_REQUEST =
            "Exception was thrown when putting message back to RMQ_SYS_TRANS_HALF_TOPIC.";
    private static final Logger LOG = LoggerFactory.getLogger(ResumeCheckHalfMessageHandler.class);

    private final Transactions transactions;

    ResumeCheckHalfMessageHandler(Transactions transactions) {
        this.transactions = transactions;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ResumeCheckHalfMessageRequestHeader header =
                ResumeCheckHalfMessageRequestHeader.decode(request.extFields());
        long offset;
        try {
            offset = OffsetMessageId.parse(header.msgId()).offset();
        } catch (RuntimeException e) {
            LOG.warn("RESUME_CHECK_HALF_MESSAGE with an unreadable id {}", header.msgId());
            exchange.respond(ResponseCode.SYSTEM_ERROR, BAD_REQUEST);
            return;
        }
        transactions
                .resume(offset)
                .whenComplete(
                        (resumed, failure) -> {
                            if (failure == null && resumed) {
                                exchange.respond(ResponseCode.SUCCESS, null);
                            } else {
                                LOG.warn("RESUME_CHECK_HALF_MESSAGE {} failed", header, failure);
                                exchange.respond(ResponseCode.SYSTEM_ERROR, PUT_FAILED);
                            }
                        });
    }
}
