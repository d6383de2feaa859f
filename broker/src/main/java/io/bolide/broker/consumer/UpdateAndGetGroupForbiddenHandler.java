package io.bolide.broker.consumer;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.protocol.body.GroupForbidden;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.UpdateGroupForbiddenRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * UPDATE_AND_GET_GROUP_FORBIDDEN (353): forbids a group to read a topic ({@code readable=false}),
 * lifts that ({@code true}), or only reads it (no {@code readable}); answers whether the group may
 * read the topic now. As with the reference, neither the group nor the topic need exist: the
 * forbidding is kept by name, persisted with the group settings.
 */
final class UpdateAndGetGroupForbiddenHandler implements RequestHandler {
    private static final Logger LOG =
            LoggerFactory.getLogger(UpdateAndGetGroupForbiddenHandler.class);

    private final SubscriptionGroupTable groups;

    UpdateAndGetGroupForbiddenHandler(SubscriptionGroupTable groups) {
        this.groups = groups;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        UpdateGroupForbiddenRequestHeader header =
                UpdateGroupForbiddenRequestHeader.decode(request.extFields());
        String group = header.group();
        String topic = header.topic();
        if (header.readable() != null) {
            LOG.info(
                    "group {} {} to read topic {} by {}",
                    group,
                    header.readable() ? "allowed" : "forbidden",
                    topic,
                    exchange.connection().remoteAddress());
            groups.forbidRead(group, topic, !header.readable());
        }
        GroupForbidden answer =
                new GroupForbidden(topic, group, !groups.readForbidden(group, topic));
        exchange.respond(ResponseCode.SUCCESS, "", null, Bodies.json(answer));
    }
}
