package io.bolide.broker.topic;

import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicFilterType;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.CreateTopicRequestHeader;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.HashMap;
import java.util.Map;

/**
 * UPDATE_AND_CREATE_TOPIC (17): creates or replaces a topic from the admin's settings, and answers
 * once the name servers route it (the reference registers before it answers too), so the admin's
 * next send finds a route. The wait is a callback, never a blocked I/O thread; the registrar bounds
 * it.
 */
final class UpdateAndCreateTopicHandler implements RequestHandler {
    private final TopicTable topics;

    UpdateAndCreateTopicHandler(TopicTable topics) {
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        CreateTopicRequestHeader header = CreateTopicRequestHeader.decode(request.extFields());
        String topic = header.topic();
        String problem = NameRules.topicProblem(topic);
        if (problem != null) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, problem);
            return;
        }
        if (topic.equals(NameRules.AUTO_CREATE_TOPIC_KEY_TOPIC)
                || topic.equals(TopicTable.SELF_TEST_TOPIC)) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "The topic[" + topic + "] is conflict with system topic.");
            return;
        }
        if (header.readQueueNums() <= 0 || header.writeQueueNums() <= 0) {
            exchange.respond(ResponseCode.INVALID_PARAMETER, "queue numbers must be positive");
            return;
        }
        topics.put(toConfig(header))
                .whenComplete(
                        (registered, failure) -> exchange.respond(ResponseCode.SUCCESS, null));
    }

    static TopicConfig toConfig(CreateTopicRequestHeader header) {
        Integer sysFlag = header.topicSysFlag();
        return TopicConfig.builder(header.topic())
                .readQueueNums(header.readQueueNums())
                .writeQueueNums(header.writeQueueNums())
                .perm(header.perm())
                .topicFilterType(filterType(header.topicFilterType()))
                .topicSysFlag(sysFlag == null ? 0 : sysFlag)
                .order(header.order())
                .attributes(attributes(header.attributes()))
                .build();
    }

    private static TopicFilterType filterType(String name) {
        return "MULTI_TAG".equals(name) ? TopicFilterType.MULTI_TAG : TopicFilterType.SINGLE_TAG;
    }

    /** Parses {@code +key=value,+key2=value2} (the admin's attribute syntax). */
    static Map<String, String> attributes(String text) {
        Map<String, String> attributes = new HashMap<>();
        if (text == null || text.isBlank()) {
            return attributes;
        }
        for (String pair : text.split(",")) {
            String entry = pair.startsWith("+") ? pair.substring(1) : pair;
            int eq = entry.indexOf('=');
            if (eq > 0) {
                attributes.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        return attributes;
    }
}
