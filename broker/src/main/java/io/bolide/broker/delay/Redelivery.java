package io.bolide.broker.delay;

import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.store.EncodedRecord;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stores a due message again in its real topic and queue ({@code REAL_TOPIC}/{@code REAL_QID}):
 * body, flag, sysFlag, born time and host, reconsume times and properties are kept as stored, so
 * the client-side message id ({@code UNIQ_KEY}), keys and tags stay the same. The properties are
 * copied byte for byte, as the reference's stored copy keeps {@code DELAY}, {@code REAL_TOPIC} and
 * {@code REAL_QID} (docs/protocol/flows.md §5.1); only the send path interprets them. Used by one
 * thread.
 */
final class Redelivery {
    private static final Logger LOG = LoggerFactory.getLogger(Redelivery.class);
    private static final byte[] REAL_TOPIC = MessageProperty.bytes(MessageProperty.REAL_TOPIC);
    private static final byte[] REAL_QID = MessageProperty.bytes(MessageProperty.REAL_QID);

    private final MessageStore store;
    private final StoredMessageFlyweight view = new StoredMessageFlyweight();
    private final StoredMessageEncoder encoder = new StoredMessageEncoder();

    Redelivery(MessageStore store) {
        this.store = store;
    }

    /**
     * Re-puts the stored record and waits for the append (or flush); true when it is stored or can
     * never be (no real topic: skipped), false when the store refused it for now.
     */
    boolean deliver(ByteBuf stored) {
        return succeeded(put(stored));
    }

    /**
     * Starts re-putting the stored record (the store copies it during the call, so {@code stored}
     * may be released on return); null when it can never be stored (no real topic: skipped).
     */
    CompletableFuture<PutResult> put(ByteBuf stored) {
        view.wrap(stored, stored.readerIndex());
        String topic = view.property(REAL_TOPIC);
        int queueId = queueId(view.property(REAL_QID));
        if (topic == null || topic.isEmpty() || queueId < 0) {
            return null;
        }
        ByteBuf record;
        try {
            record = encode(topic, queueId);
        } catch (IllegalArgumentException e) {
            LOG.warn("delayed message for {} cannot be re-encoded; skipped", topic, e);
            return null;
        }
        try {
            return store.put(new EncodedRecord(topic, queueId, record));
        } finally {
            record.release();
        }
    }

    /** Waits for a {@link #put}: true when stored or skipped (null). */
    static boolean succeeded(CompletableFuture<PutResult> put) {
        if (put == null) {
            return true;
        }
        try {
            return put.join().isOk();
        } catch (CompletionException e) {
            return false;
        }
    }

    private ByteBuf encode(String topic, int queueId) {
        byte[] born = new byte[view.bornAddressLength()];
        view.bornAddress(born);
        byte[] storeHost = new byte[view.storeAddressLength()];
        view.storeAddress(storeHost);
        encoder.reset()
                .topic(topic)
                .queueId(queueId)
                .flag(view.flag())
                .sysFlag(view.sysFlag())
                .bornTimestamp(view.bornTimestamp())
                .bornHost(born, view.bornPort())
                .storeHost(storeHost, view.storePort())
                .reconsumeTimes(view.reconsumeTimes())
                .preparedTransactionOffset(view.preparedTransactionOffset())
                .body(view.body())
                .bodyCrc(view.bodyCrc())
                .properties(view.properties());
        ByteBuf record = ByteBufAllocator.DEFAULT.heapBuffer(encoder.recordLength());
        try {
            encoder.encode(record);
        } catch (RuntimeException e) {
            record.release();
            throw e;
        } finally {
            encoder.reset();
        }
        return record;
    }

    private static int queueId(String value) {
        if (value == null) {
            return -1;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
