package io.bolide.broker.admin;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.body.QueryCorrectionOffsetBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryCorrectionOffsetHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * QUERY_CORRECTION_OFFSET (308): per queue of a topic, the lowest offset any consumer group has
 * committed (groups in {@code filterGroups} left out, offsets below the queue's first message
 * ignored as stale); for each queue the compare group has an offset on, the answer is that minimum
 * while it is at or behind the compare group, else {@link Long#MAX_VALUE} (the compare group is the
 * slowest there). The reference also deletes the filtered groups' offsets as a side effect of the
 * query; Bolide only reads.
 */
final class QueryCorrectionOffsetHandler implements RequestHandler {
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;

    QueryCorrectionOffsetHandler(ConsumerOffsetTable offsets, MessageStore store) {
        this.offsets = offsets;
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QueryCorrectionOffsetHeader header =
                QueryCorrectionOffsetHeader.decode(request.extFields());
        String topic = header.topic();
        Map<Integer, Long> result = minimumOverGroups(topic, filtered(header.filterGroups()));
        Map<Integer, Long> compare =
                offsets.snapshot().offsetTable().get(topic + "@" + header.compareGroup());
        if (compare != null) {
            compare.forEach(
                    (queueId, offset) -> {
                        Long min = result.get(queueId);
                        if (min != null) {
                            result.put(queueId, min > offset ? Long.MAX_VALUE : min);
                        }
                    });
        }
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                null,
                Bodies.json(new QueryCorrectionOffsetBody(result)));
    }

    private static Set<String> filtered(String filterGroups) {
        if (filterGroups == null || filterGroups.isBlank()) {
            return Set.of();
        }
        return new HashSet<>(Arrays.asList(filterGroups.split(",")));
    }

    private Map<Integer, Long> minimumOverGroups(String topic, Set<String> leftOut) {
        Map<Integer, Long> min = new TreeMap<>();
        offsets.snapshot()
                .offsetTable()
                .forEach(
                        (key, queues) -> {
                            int at = key.indexOf('@');
                            if (at < 0
                                    || !key.substring(0, at).equals(topic)
                                    || leftOut.contains(key.substring(at + 1))) {
                                return;
                            }
                            queues.forEach(
                                    (queueId, offset) -> {
                                        if (offset >= store.minOffset(topic, queueId)) {
                                            min.merge(queueId, offset, Math::min);
                                        }
                                    });
                        });
        return min;
    }
}
