package io.bolide.systest;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.common.message.Message;

/** Test messages that carry their identity in the "seq" user property. */
final class Messages {
    private Messages() {}

    static Message message(String topic, String tag, String seq) {
        Message message =
                new Message(
                        topic,
                        tag,
                        "key-" + seq,
                        ("body of " + seq).getBytes(StandardCharsets.UTF_8));
        message.putUserProperty(Inbox.SEQ, seq);
        message.putUserProperty("colour", "blue-" + seq);
        return message;
    }

    static List<String> seqs(String prefix, int count) {
        List<String> seqs = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            seqs.add(prefix + i);
        }
        return seqs;
    }
}
