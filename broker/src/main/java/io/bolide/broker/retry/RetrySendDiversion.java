package io.bolide.broker.retry;

import io.bolide.broker.route.Destination;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.NameRules;
import java.util.Map;

/**
 * A plain send to {@code %RETRY%<group>} is what a consumer does when its send-back failed: it
 * re-publishes the message itself with its reconsume times. As the reference does, such a send
 * whose reconsume times exceed the maximum (the header's, else 16) is diverted to {@code
 * %DLQ%<group>} queue 0, without its {@code DELAY}.
 */
public final class RetrySendDiversion {
    private RetrySendDiversion() {}

    /** Rewrites {@code header} to the group's dead-letter queue if due; whether it did. */
    public static boolean divert(SendMessageRequestHeader header, TopicTable topics) {
        String group = Destination.retryGroup(header.topic());
        if (group == null) {
            return false;
        }
        Integer reconsumeTimes = header.reconsumeTimes();
        int times = reconsumeTimes == null ? 0 : reconsumeTimes;
        if (times <= SendBackPolicy.maxReconsumeTimes(header.maxReconsumeTimes())) {
            return false;
        }
        if (!NameRules.isValidGroup(group)) {
            return false; // refused by the name checks that follow
        }
        String dlq = Destination.deadLetterTopic(group);
        topics.createIfAbsent(SendBackPolicy.topicConfig(dlq, false));
        Map<String, String> properties = MessageProperties.decode(header.properties());
        properties.remove(MessageProperty.DELAY);
        header.topic(dlq).queueId(0).properties(MessageProperties.toText(properties));
        return true;
    }
}
