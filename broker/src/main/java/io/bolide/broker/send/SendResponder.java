package io.bolide.broker.send;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.remoting.Exchange;
import io.bolide.store.PutResult;
import java.util.concurrent.CompletableFuture;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers a send once its append (under SYNC_FLUSH, its flush; under SYNC_MASTER, a slave's copy)
 * has completed: the store's status becomes the reference's response code, and a stored message
 * gets its offset id, queue and queue offset.
 */
final class SendResponder {
    private static final Logger LOG = LoggerFactory.getLogger(SendResponder.class);
    static final String BUDGET_FULL =
            "service not available now: the local disk holds tieredStoreLocalBudget bytes and"
                    + " the object store of tiered storage cannot be reached, so nothing can be"
                    + " offloaded; sends are accepted again once it can";

    private final byte[] storeAddress;
    private final int storePort;
    private final SendStamp stamp;
    private final BrokerStats stats;
    private final Replication replication;
    private final UnavailableRemark unavailable;

    SendResponder(
            byte[] storeAddress,
            int storePort,
            BrokerConfig config,
            SendStamp stamp,
            BrokerStats stats,
            Replication replication) {
        this.storeAddress = storeAddress;
        this.storePort = storePort;
        this.stamp = stamp;
        this.stats = stats;
        this.replication = replication;
        this.unavailable = new UnavailableRemark(config.storePathRootDir());
    }

    /** The reference's answer to a send the broker cannot store (a slave, a closed store). */
    void refuseUnavailable(Exchange exchange) {
        exchange.respond(ResponseCode.SERVICE_NOT_AVAILABLE, unavailable.remark());
    }

    /** A future of the answer when the send must wait for a slave, else null. */
    private CompletableFuture<PutResult> replicated(
            PutResult result, Throwable failure, boolean waitStoreMsgOk) {
        return failure == null && result != null && result.isOk()
                ? replication.stored(result, waitStoreMsgOk)
                : null;
    }

    /** Counts a half message of {@code topic} waiting for its outcome once it is stored. */
    void halfStored(String topic, PutResult result) {
        if (result != null && result.isOk()) {
            stats.transactions().halfStored(topic);
        }
    }

    byte[] storeAddress() {
        return storeAddress;
    }

    int storePort() {
        return storePort;
    }

    /**
     * Answers a single-message send; {@code failure} is an exception the store threw, {@code
     * waitStoreMsgOk} the message's WAIT property.
     */
    void respond(
            Exchange exchange,
            String topic,
            PutResult result,
            Throwable failure,
            int queueId,
            String transactionId,
            String recallHandle,
            boolean waitStoreMsgOk) {
        CompletableFuture<PutResult> wait = replicated(result, failure, waitStoreMsgOk);
        if (wait != null) {
            wait.whenComplete(
                    (r, t) ->
                            answerSingle(
                                    exchange, topic, r, t, queueId, transactionId, recallHandle));
            return;
        }
        answerSingle(exchange, topic, result, failure, queueId, transactionId, recallHandle);
    }

    private void answerSingle(
            Exchange exchange,
            String topic,
            PutResult result,
            Throwable failure,
            int queueId,
            String transactionId,
            String recallHandle) {
        if (failure != null || result == null) {
            LOG.warn("append failed", failure);
            exchange.respond(ResponseCode.SYSTEM_ERROR, "store putMessage failed: " + failure);
            return;
        }
        int code = code(exchange, result);
        if (code < 0) {
            return;
        }
        stats.put(topic, result.messageCount(), result.wroteBytes());
        String msgId = OffsetMessageId.toString(storeAddress, storePort, result.physicalOffset());
        answer(exchange, code, msgId, queueId, result, transactionId, recallHandle);
    }

    /**
     * Answers a batch send: the offset ids of all its records joined by commas. Whether it waits
     * for a slave is the batch's WAIT property, in {@code batchProperties}.
     */
    void respondBatch(
            Exchange exchange,
            String topic,
            PutResult result,
            Throwable failure,
            int queueId,
            int[] sizes,
            String batchProperties) {
        String txId = UniqKey.of(batchProperties);
        CompletableFuture<PutResult> wait =
                replicated(result, failure, WaitStoreMsgOk.of(batchProperties));
        if (wait != null) {
            wait.whenComplete((r, t) -> answerBatch(exchange, topic, r, t, queueId, sizes, txId));
            return;
        }
        answerBatch(exchange, topic, result, failure, queueId, sizes, txId);
    }

    private void answerBatch(
            Exchange exchange,
            String topic,
            PutResult result,
            Throwable failure,
            int queueId,
            int[] sizes,
            String txId) {
        if (failure != null || result == null) {
            LOG.warn("batch append failed", failure);
            exchange.respond(ResponseCode.SYSTEM_ERROR, "store putMessages failed: " + failure);
            return;
        }
        int code = code(exchange, result);
        if (code < 0) {
            return;
        }
        stats.put(topic, result.messageCount(), result.wroteBytes());
        int idLength = OffsetMessageId.length(storeAddress.length);
        char[] ids = new char[sizes.length * (idLength + 1) - 1];
        long phys = result.physicalOffset();
        int at = 0;
        for (int i = 0; i < sizes.length; i++) {
            if (i > 0) {
                ids[at++] = ',';
            }
            at = OffsetMessageId.write(storeAddress, storePort, phys, ids, at);
            phys += sizes[i];
        }
        answer(exchange, code, new String(ids), queueId, result, txId, null);
    }

    private void answer(
            Exchange exchange,
            int code,
            String msgId,
            int queueId,
            PutResult result,
            String transactionId,
            String recallHandle) {
        SendStamp.Encoded now = stamp.now();
        SendResponseHeader header =
                new SendResponseHeader(
                        msgId,
                        queueId,
                        result.queueOffset(),
                        transactionId,
                        recallHandle,
                        now.region(),
                        now.traceOn());
        exchange.respond(code, null, header, null);
    }

    /** The response code for {@code result}, or -1 after answering a failure. */
    private int code(Exchange exchange, PutResult result) {
        switch (result.status()) {
            case PUT_OK:
                return ResponseCode.SUCCESS;
            case FLUSH_FAILED:
                return ResponseCode.FLUSH_DISK_TIMEOUT;
            case FLUSH_SLAVE_TIMEOUT:
                // Stored on the master: answered with its ids, as the reference does.
                return ResponseCode.FLUSH_SLAVE_TIMEOUT;
            case SLAVE_NOT_AVAILABLE:
                return ResponseCode.SLAVE_NOT_AVAILABLE;
            case SERVICE_NOT_AVAILABLE:
                refuseUnavailable(exchange);
                return -1;
            case LOCAL_BUDGET_FULL:
                // The reference's answer when its disk is full: 14, so clients retry elsewhere.
                exchange.respond(ResponseCode.SERVICE_NOT_AVAILABLE, BUDGET_FULL);
                return -1;
            case MESSAGE_ILLEGAL:
                exchange.respond(ResponseCode.MESSAGE_ILLEGAL, stamp.now().illegalRemark());
                return -1;
            case CREATE_SEGMENT_FAILED:
                exchange.respond(
                        ResponseCode.SYSTEM_ERROR,
                        "create mapped file failed, server is busy or broken.");
                return -1;
            default:
                exchange.respond(
                        ResponseCode.SERVICE_NOT_AVAILABLE,
                        "service not available now: the message store is " + result.status());
                return -1;
        }
    }
}
