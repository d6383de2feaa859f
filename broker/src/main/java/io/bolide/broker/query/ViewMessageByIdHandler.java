package io.bolide.broker.query;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ViewMessageRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;

/**
 * VIEW_MESSAGE_BY_ID (33): the one stored record at a commit-log offset, which the client decoded
 * from an offsetMsgId (the id also names this broker's address).
 */
final class ViewMessageByIdHandler implements RequestHandler {
    private final MessageStore store;

    ViewMessageByIdHandler(MessageStore store) {
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        long offset = ViewMessageRequestHeader.decode(request.extFields()).offset();
        ByteBuf record = offset < 0 ? null : store.getMessage(offset);
        if (record == null) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR, "can not find message by the offset, " + offset);
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, record);
    }
}
