package io.bolide.broker.console;

import io.bolide.broker.auth.CallNeeds;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.protocol.trace.TraceRecord;
import io.bolide.protocol.trace.TraceRecords;
import io.bolide.store.QueryResult;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
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
            StoredMessageFlyweight message = new StoredMessageFlyweight();
            for (ByteBuf stored : found.messages()) {
                message.wrap(stored, stored.readerIndex(), stored.writerIndex());
                TraceRecords.Parsed parsed = TraceRecords.ofStored(message, msgId);
                unreadable += parsed.unreadable();
                records.addAll(parsed.records());
            }
        } finally {
            found.release();
        }
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("msgId", msgId);
        answer.put("traceTopic", traceTopic);
        answer.put("records", TraceRecords.inOrder(records));
        answer.put("unreadable", unreadable);
        return answer;
    }
}
