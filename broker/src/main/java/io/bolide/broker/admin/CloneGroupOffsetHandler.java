package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ConsumerGroup;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.CloneGroupOffsetRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.Set;

/**
 * CLONE_GROUP_OFFSET (314): gives a group another group's committed offsets, on one topic or on
 * every topic the source has offsets for. Topics the broker no longer has are skipped, and so
 * (unless the source is declared offline) are topics an online source no longer subscribes to.
 */
final class CloneGroupOffsetHandler implements RequestHandler {
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final ClientRegistry clients;

    CloneGroupOffsetHandler(TopicTable topics, ConsumerOffsetTable offsets, ClientRegistry c) {
        this.topics = topics;
        this.offsets = offsets;
        this.clients = c;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        CloneGroupOffsetRequestHeader header =
                CloneGroupOffsetRequestHeader.decode(request.extFields());
        String topic = header.topic();
        Set<String> named =
                topic == null || topic.isBlank()
                        ? offsets.topicsOf(header.srcGroup())
                        : Set.of(topic);
        for (String each : named) {
            if (topics.get(each) == null || (!header.offline() && unsubscribed(header, each))) {
                continue;
            }
            offsets.cloneOffsets(header.srcGroup(), header.destGroup(), each);
        }
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    private boolean unsubscribed(CloneGroupOffsetRequestHeader header, String topic) {
        ConsumerGroup source = clients.consumerGroup(header.srcGroup());
        return source != null
                && !source.subscriptions().isEmpty()
                && source.subscription(topic) == null;
    }
}
