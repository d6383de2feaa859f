package io.bolide.broker.consumer;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.DeleteSubscriptionGroupRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * DELETE_SUBSCRIPTIONGROUP (207): forgets a group's settings and, with {@code cleanOffset}, its
 * committed offsets. Deleting an unknown group succeeds, as in the reference.
 */
final class DeleteSubscriptionGroupHandler implements RequestHandler {
    private final SubscriptionGroupTable groups;
    private final ConsumerOffsetTable offsets;

    public DeleteSubscriptionGroupHandler(
            SubscriptionGroupTable groups, ConsumerOffsetTable offsets) {
        this.groups = groups;
        this.offsets = offsets;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        DeleteSubscriptionGroupRequestHeader header =
                DeleteSubscriptionGroupRequestHeader.decode(request.extFields());
        groups.remove(header.groupName());
        if (header.cleanOffset()) {
            offsets.removeGroup(header.groupName());
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
