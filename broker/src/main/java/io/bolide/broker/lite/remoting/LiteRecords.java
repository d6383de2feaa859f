package io.bolide.broker.lite.remoting;

import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.util.Map;

/**
 * A lite topic's stored record as a POP_LITE_MESSAGE answer carries it: under its parent topic,
 * with the queue it was read from in {@code INNER_MULTI_DISPATCH} and its offset there in {@code
 * INNER_MULTI_QUEUE_OFFSET}. The reference's client builds each message's receipt handle from these
 * two (the answer has no per-queue offset fields), and shows the parent as the topic.
 */
final class LiteRecords {
    static final String DISPATCH = "INNER_MULTI_DISPATCH";
    static final String QUEUE_OFFSET = "INNER_MULTI_QUEUE_OFFSET";

    private LiteRecords() {}

    /** The record at the reader index of {@code stored}, rewritten; the caller owns the copy. */
    static ByteBuf forClient(ByteBuf stored, String parent, String queueName) {
        StoredMessageFlyweight m = new StoredMessageFlyweight().wrap(stored, stored.readerIndex());
        Map<String, String> properties = m.propertyMap();
        properties.put(DISPATCH, queueName);
        properties.put(QUEUE_OFFSET, Long.toString(m.queueOffset()));
        byte[] born = new byte[m.bornAddressLength()];
        m.bornAddress(born);
        byte[] store = new byte[m.storeAddressLength()];
        m.storeAddress(store);
        StoredMessageEncoder encoder =
                new StoredMessageEncoder()
                        .topic(parent)
                        .queueId(m.queueId())
                        .flag(m.flag())
                        .sysFlag(m.sysFlag())
                        .queueOffset(m.queueOffset())
                        .physicalOffset(m.physicalOffset())
                        .bornTimestamp(m.bornTimestamp())
                        .bornHost(born, m.bornPort())
                        .storeTimestamp(m.storeTimestamp())
                        .storeHost(store, m.storePort())
                        .reconsumeTimes(m.reconsumeTimes())
                        .preparedTransactionOffset(m.preparedTransactionOffset())
                        .body(m.body())
                        .bodyCrc(m.bodyCrc())
                        .properties(MessageProperties.toText(properties));
        ByteBuf out = PooledByteBufAllocator.DEFAULT.directBuffer(encoder.recordLength());
        encoder.encode(out);
        return out;
    }
}
