package io.bolide.broker.send;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.table.LogicPlacement;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.protocol.message.BatchBodyDecoder;
import io.bolide.protocol.message.BodyCrc;
import io.bolide.protocol.message.NameRules;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * SEND_BATCH_MESSAGE (320): the body holds several messages for one queue; each becomes its own
 * record, all appended contiguously with consecutive queue offsets, answered with their offset ids
 * joined by commas.
 */
final class SendBatchMessageHandler implements RequestHandler {
    private final SendChecks checks;
    private final SendResponder responder;
    private final MessageStore store;

    SendBatchMessageHandler(SendChecks checks, SendResponder responder, MessageStore store) {
        this.checks = checks;
        this.responder = responder;
        this.store = store;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        SendMessageRequestHeader header = SendMessageRequestHeader.decode(request.extFields());
        if (header.topic() != null && header.topic().startsWith(NameRules.RETRY_TOPIC_PREFIX)) {
            exchange.respond(
                    ResponseCode.MESSAGE_ILLEGAL, "batch request does not support retry group");
            return;
        }
        LogicPlacement placed = checks.place(header, exchange);
        TopicConfig topic = placed == null ? null : checks.topicFor(header, exchange);
        if (topic == null) {
            return;
        }
        if (DelayRouter.isDelayedBatch(header.properties())) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, checks.illegalRemark());
            return;
        }
        int queueId = SendChecks.chooseQueue(header.queueId(), topic);
        List<MessageRecordWriter> records;
        try {
            records = decode(request, header, queueId, exchange);
        } catch (ProtocolDecodeException | IllegalArgumentException e) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, "bad batch body: " + e.getMessage());
            return;
        }
        if (records == null) {
            return;
        }
        int[] sizes = new int[records.size()];
        for (int i = 0; i < sizes.length; i++) {
            sizes[i] = records.get(i).size();
        }
        CompletableFuture<PutResult> put = placed.inLogicOffsets(store.putBatch(records));
        String properties = header.properties();
        String name = topic.topicName();
        int answered = placed.answerId(queueId);
        put.whenComplete(
                (r, t) ->
                        responder.respondBatch(exchange, name, r, t, answered, sizes, properties));
    }

    private List<MessageRecordWriter> decode(
            RemotingCommand request,
            SendMessageRequestHeader header,
            int queueId,
            Exchange exchange) {
        BatchBodyDecoder entries = new BatchBodyDecoder().reset(request.body());
        PeerHost born = PeerHost.of(exchange.connection());
        BodyCrc crc = new BodyCrc();
        List<MessageRecordWriter> records = new ArrayList<>();
        while (entries.next()) {
            if (!checks.sizesAllowed(entries.bodyLength(), exchange)) {
                return null;
            }
            MessageRecordWriter record = new MessageRecordWriter();
            record.start()
                    .flag(entries.flag())
                    .sysFlag(header.sysFlag())
                    .bornTimestamp(header.bornTimestamp())
                    .bornHost(born.address, born.port)
                    .storeHost(responder.storeAddress(), responder.storePort())
                    .body(entries.body())
                    .bodyCrc(crc.of(entries.body()))
                    .properties(entries.properties());
            records.add(record.prepare(header.topic(), queueId));
        }
        if (records.isEmpty()) {
            exchange.respond(ResponseCode.MESSAGE_ILLEGAL, "the batch holds no message");
            return null;
        }
        return records;
    }
}
