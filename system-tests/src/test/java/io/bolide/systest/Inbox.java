package io.bolide.systest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyContext;
import org.apache.rocketmq.client.consumer.listener.ConsumeConcurrentlyStatus;
import org.apache.rocketmq.client.consumer.listener.MessageListenerConcurrently;
import org.apache.rocketmq.common.message.MessageExt;

/** A push consumer's listener that keeps every delivered message, keyed by its "seq" property. */
final class Inbox implements MessageListenerConcurrently {
    static final String SEQ = "seq";

    private final List<MessageExt> all = new CopyOnWriteArrayList<>();
    private final Map<String, MessageExt> bySeq = new ConcurrentHashMap<>();

    @Override
    public ConsumeConcurrentlyStatus consumeMessage(
            List<MessageExt> messages, ConsumeConcurrentlyContext context) {
        for (MessageExt message : messages) {
            all.add(message);
            String seq = message.getUserProperty(SEQ);
            if (seq != null) {
                bySeq.put(seq, message);
            }
        }
        return ConsumeConcurrentlyStatus.CONSUME_SUCCESS;
    }

    /** Waits until a message with each of {@code seqs} has arrived. */
    void awaitSeqs(List<String> seqs) {
        Clients.await("messages " + seqs + " arrived", () -> bySeq.keySet().containsAll(seqs));
    }

    void awaitSeq(String seq) {
        awaitSeqs(List.of(seq));
    }

    MessageExt get(String seq) {
        return bySeq.get(seq);
    }

    /** Every delivery's seq, in arrival order (duplicates kept). */
    List<String> deliveredSeqs() {
        List<String> seqs = new ArrayList<>();
        for (MessageExt message : all) {
            seqs.add(message.getUserProperty(SEQ));
        }
        return seqs;
    }

    List<MessageExt> all() {
        return all;
    }
}
