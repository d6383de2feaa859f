package io.bolide.broker.topic;

import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.CreateTopicListRequestBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * UPDATE_AND_CREATE_TOPIC_LIST (18): creates or replaces several topics at once from their
 * TopicConfigs, all or none: every name is checked first. Answered once the name servers route them
 * all, like the single-topic code.
 */
final class UpdateAndCreateTopicListHandler implements RequestHandler {
    private final TopicTable topics;

    UpdateAndCreateTopicListHandler(TopicTable topics) {
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        List<TopicConfig> list;
        try {
            list =
                    request.bodyLength() == 0
                            ? List.of()
                            : BodyCodec.decode(request.body(), CreateTopicListRequestBody.class)
                                    .topicConfigList();
        } catch (ProtocolDecodeException e) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, e.getMessage());
            return;
        }
        for (TopicConfig topic : list) {
            String refusal = refusal(topic);
            if (refusal != null) {
                exchange.respond(ResponseCode.INVALID_PARAMETER, refusal);
                return;
            }
        }
        CompletableFuture<?>[] registered = new CompletableFuture<?>[list.size()];
        for (int i = 0; i < registered.length; i++) {
            registered[i] = topics.put(list.get(i));
        }
        CompletableFuture.allOf(registered)
                .whenComplete((done, failure) -> exchange.respond(ResponseCode.SUCCESS, null));
    }

    private static String refusal(TopicConfig topic) {
        String name = topic.topicName();
        String problem = NameRules.topicProblem(name);
        if (problem != null) {
            return problem;
        }
        if (name.equals(NameRules.AUTO_CREATE_TOPIC_KEY_TOPIC)
                || name.equals(TopicTable.SELF_TEST_TOPIC)) {
            return "The topic[" + name + "] is conflict with system topic.";
        }
        if (topic.readQueueNums() <= 0 || topic.writeQueueNums() <= 0) {
            return "queue numbers must be positive";
        }
        return null;
    }
}
