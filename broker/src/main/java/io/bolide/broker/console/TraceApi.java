package io.bolide.broker.console;

import io.bolide.broker.auth.CallNeeds;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.protocol.message.ZlibBody;
import io.bolide.protocol.trace.TraceRecord;
import io.bolide.protocol.trace.TraceRecords;
import io.bolide.store.QueryResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.handler.codec.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A message's trace: the records the official clients wrote about it to the trace topic when
 * message trace was on (the producer's send, each consumer's delivery and outcome, a transaction's
 * end, a recall). The trace dispatchers key each trace message with the ids of the messages it
 * speaks of, so the store's index finds them by the message id, as the reference's dashboard finds
 * them; a trace message batches records of other messages too, which are left out.
 */
final class TraceApi {
    /** At most this many trace messages are read for one message id. */
    static final int MAX_TRACE_MESSAGES = 64;

    /** A trace batch is at most the client's 128 KiB trace message; bounded well above. */
    private static final int MAX_INFLATED = 4 * 1024 * 1024;

    private final ConsoleState state;

    TraceApi(ConsoleState state) {
        this.state = state;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.GET, "/api/messages/{msgId}/trace", this::trace);
    }

    private Map<String, Object> trace(Request request) {
        String msgId = request.path("msgId");
        // A client names its own trace topic with customizedTraceTopic; the broker's is the
        // default.
        String traceTopic = request.param("traceTopic", state.config().msgTraceTopicName());
        // QUERY_MESSAGE's need, on the trace topic: the records are messages of that topic.
        request.caller().allow(new CallNeeds().queryTopic(traceTopic));
        if (state.topics().get(traceTopic) == null) {
            throw ApiError.notFound(
                    "no trace topic "
                            + traceTopic
                            + " on this broker: turn traceTopicEnable on, and message trace on in"
                            + " the clients");
        }
        List<TraceRecord> records = new ArrayList<>();
        int unreadable = 0;
        QueryResult found =
                state.store().queryByKey(traceTopic, msgId, MAX_TRACE_MESSAGES, 0, Long.MAX_VALUE);
        try {
            for (ByteBuf stored : found.messages()) {
                String body = body(stored);
                if (body == null) {
                    unreadable++;
                    continue;
                }
                TraceRecords.Parsed parsed = TraceRecords.parse(body);
                unreadable += parsed.unreadable();
                parsed.records().stream()
                        .filter(record -> msgId.equals(record.msgId()))
                        .forEach(records::add);
            }
        } finally {
            found.release();
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("msgId", msgId);
        answer.put("traceTopic", traceTopic);
        answer.put("records", inOrder(records));
        answer.put("unreadable", unreadable);
        return answer;
    }

    /** The trace message's body as text, inflated when the dispatcher compressed it; else null. */
    private static String body(ByteBuf stored) {
        StoredMessageFlyweight message = new StoredMessageFlyweight();
        message.wrap(stored, stored.readerIndex(), stored.writerIndex());
        ByteBuf body = message.body();
        if ((message.sysFlag() & MessageDescriptor.FLAG_COMPRESSED) == 0) {
            return body.toString(StandardCharsets.UTF_8);
        }
        try {
            ByteBuf inflated = ZlibBody.inflate(body, ByteBufAllocator.DEFAULT, MAX_INFLATED);
            try {
                return inflated.toString(StandardCharsets.UTF_8);
            } finally {
                inflated.release();
            }
        } catch (ProtocolDecodeException e) {
            return null;
        }
    }

    /**
     * Oldest first. A SubAfter of a client that writes no time sorts at its SubBefore's (the same
     * request id), just after it.
     */
    static List<TraceRecord> inOrder(List<TraceRecord> records) {
        Map<String, Long> handedOver = new HashMap<>();
        for (TraceRecord record : records) {
            if ("SubBefore".equals(record.type()) && record.requestId() != null) {
                handedOver.put(record.requestId(), record.timestamp());
            }
        }
        Comparator<TraceRecord> byTime =
                Comparator.comparingLong(
                        record ->
                                record.timestamp() >= 0
                                        ? record.timestamp()
                                        : handedOver.getOrDefault(
                                                String.valueOf(record.requestId()),
                                                Long.MAX_VALUE));
        List<TraceRecord> sorted = new ArrayList<>(records);
        sorted.sort(byTime.thenComparing(record -> "SubAfter".equals(record.type())));
        return sorted;
    }
}
