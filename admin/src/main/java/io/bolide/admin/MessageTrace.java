package io.bolide.admin;

import io.bolide.protocol.trace.TraceRecord;
import io.bolide.protocol.trace.TraceRecords;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code message trace -i MSGID [-t TRACE_TOPIC]}: what the official clients' trace records say
 * happened to a message (sent, delivered, consumed, a transaction's end, a recall), as mqadmin's
 * {@code queryMsgTraceById}: QUERY_MESSAGE on the trace topic with the client's message id as key
 * to each master of its route, the records of that id, oldest first.
 */
final class MessageTrace {
    /** The reference's trace topic, which {@code traceTopicEnable} creates. */
    static final String DEFAULT_TRACE_TOPIC = "RMQ_SYS_TRACE_TOPIC";

    private static final int MAX_TRACE_MESSAGES = 64;

    private MessageTrace() {}

    static Report run(AdminClient client, CommandArgs args) throws AdminException {
        String msgId = args.required("--id");
        String traceTopic = args.value("--topic");
        if (traceTopic == null) {
            traceTopic = DEFAULT_TRACE_TOPIC;
        }
        List<TraceRecord> records = new ArrayList<>();
        int[] unreadable = {0};
        MessageCommands.queryEach(
                client,
                traceTopic,
                msgId,
                MAX_TRACE_MESSAGES,
                (broker, message) -> {
                    TraceRecords.Parsed parsed = TraceRecords.ofStored(message, msgId);
                    records.addAll(parsed.records());
                    unreadable[0] += parsed.unreadable();
                });
        Report report = report(TraceRecords.inOrder(records));
        if (unreadable[0] > 0) {
            report.warn(unreadable[0] + " trace records could not be read");
        }
        return report;
    }

    private static Report report(List<TraceRecord> records) {
        Report report =
                new Report(
                        "type", "time", "group", "host", "costMs", "success", "retries", "detail");
        for (TraceRecord r : records) {
            report.row(
                    r.type(),
                    r.timestamp() >= 0 ? Instant.ofEpochMilli(r.timestamp()).toString() : null,
                    r.group(),
                    r.storeHost() != null ? r.storeHost() : r.clientHost(),
                    r.costMillis() >= 0 ? r.costMillis() : null,
                    r.success(),
                    r.retryTimes() >= 0 ? r.retryTimes() : null,
                    detail(r));
        }
        return report;
    }

    /** What a type says beyond the common columns. */
    private static String detail(TraceRecord r) {
        if (r.transactionState() != null) {
            return r.transactionState()
                    + (Boolean.TRUE.equals(r.fromTransactionCheck()) ? " (answering a check)" : "");
        }
        if (r.messageType() != null) {
            return r.topic() + " " + r.messageType();
        }
        return null;
    }
}
