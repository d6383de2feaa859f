package io.bolide.broker.consumer;

import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.SubscriptionGroupList;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.List;

/**
 * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP_LIST (225): creates or replaces several groups' settings at
 * once, all or none: an illegal name refuses the whole list with INVALID_PARAMETER.
 */
final class UpdateAndCreateSubscriptionGroupListHandler implements RequestHandler {
    private final SubscriptionGroupTable groups;

    UpdateAndCreateSubscriptionGroupListHandler(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        List<SubscriptionGroupConfig> list;
        try {
            list =
                    request.bodyLength() == 0
                            ? List.of()
                            : BodyCodec.decode(request.body(), SubscriptionGroupList.class)
                                    .groupConfigList();
        } catch (ProtocolDecodeException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, e.getMessage());
            return;
        }
        for (SubscriptionGroupConfig config : list) {
            String name = config.groupName();
            if (name == null
                    || name.isEmpty()
                    || name.length() > NameRules.GROUP_MAX_LENGTH
                    || !NameRules.hasOnlyValidChars(name)) {
                exchange.respond(
                        ResponseCode.INVALID_PARAMETER, "the group name[" + name + "] is illegal");
                return;
            }
        }
        for (SubscriptionGroupConfig config : list) {
            groups.put(GroupAttributes.applied(config, groups.find(config.groupName())));
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
