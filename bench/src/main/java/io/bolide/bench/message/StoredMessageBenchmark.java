package io.bolide.bench.message;

import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.StoredMessageDecoder;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.protocol.message.UniqueKeyGenerator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.PooledByteBufAllocator;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Stored message records, Bolide against Apache 5.4.0's MessageDecoder: walking a 32-record pull
 * body (reading what a broker or consumer needs: offsets, tag hash, UNIQ_KEY presence), encoding
 * one record, and generating a UNIQ_KEY. Run with {@code -prof gc} for bytes/op.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class StoredMessageBenchmark {
    private static final int RECORDS = 32;
    private static final byte[] BODY = new byte[256];
    private static final byte[] HOST = {127, 0, 0, 1};

    private final StoredMessageEncoder encoder = new StoredMessageEncoder();
    private final StoredMessageDecoder decoder = new StoredMessageDecoder();
    private final UniqueKeyGenerator keys = UniqueKeyGenerator.forThisProcess(HOST);
    private final char[] key = new char[keys.length()];
    private ByteBuf pullBody;
    private ByteBuffer apachePullBody;
    private ByteBuf out;
    private ByteBuf body;
    private String properties;
    private MessageExt apacheMessage;

    @Setup(Level.Trial)
    public void setUp() {
        Map<String, String> props = new LinkedHashMap<>();
        props.put("UNIQ_KEY", "7F0000013CE730946E096DFE53D50000");
        props.put("KEYS", "order-1 order-2");
        props.put("TAGS", "TagA");
        props.put("WAIT", "true");
        props.put("CLUSTER", "DefaultCluster");
        properties = MessageProperties.toText(props);
        body = PooledByteBufAllocator.DEFAULT.directBuffer(BODY.length).writeBytes(BODY);
        out = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        pullBody = PooledByteBufAllocator.DEFAULT.directBuffer(64 * 1024);
        for (int i = 0; i < RECORDS; i++) {
            fill(i).encode(pullBody);
        }
        apachePullBody = ByteBuffer.allocate(pullBody.readableBytes());
        pullBody.getBytes(0, apachePullBody);
        apachePullBody.flip();
        apacheMessage = apacheMessage(props);
    }

    private MessageExt apacheMessage(Map<String, String> props) {
        MessageExt ext = new MessageExt();
        ext.setTopic("TopicTest");
        ext.setBody(BODY);
        ext.setBornHost(new InetSocketAddress("127.0.0.1", 38448));
        ext.setStoreHost(new InetSocketAddress("127.0.0.1", 10911));
        ext.setBornTimestamp(System.currentTimeMillis());
        MessageAccessor.setProperties(ext, props);
        return ext;
    }

    private StoredMessageEncoder fill(long offset) {
        return encoder.reset()
                .topic("TopicTest")
                .queueId(1)
                .queueOffset(offset)
                .physicalOffset(offset * 400)
                .bornTimestamp(1_700_000_000_000L)
                .bornHost(HOST, 38448)
                .storeTimestamp(1_700_000_000_100L)
                .storeHost(HOST, 10911)
                .body(body)
                .properties(properties);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        body.release();
        out.release();
        pullBody.release();
    }

    @Benchmark
    public long bolideWalkPullBody() {
        long sum = 0;
        decoder.reset(pullBody);
        while (decoder.next()) {
            StoredMessageFlyweight m = decoder.message();
            sum += m.queueOffset() + m.tagsCode() + m.bodyLength();
            sum +=
                    MessageProperties.find(
                            m.buffer(),
                            m.propertiesIndex(),
                            m.propertiesLength(),
                            MessageProperty.UNIQ_KEY_BYTES);
        }
        return sum;
    }

    @Benchmark
    public long apacheDecodePullBody() {
        long sum = 0;
        List<MessageExt> messages = MessageDecoder.decodes(apachePullBody.duplicate());
        for (MessageExt m : messages) {
            sum += m.getQueueOffset() + m.getTags().hashCode() + m.getBody().length;
            sum += m.getProperty("UNIQ_KEY").length();
        }
        return sum;
    }

    @Benchmark
    public int bolideEncodeRecord() {
        out.clear();
        return fill(7).encode(out);
    }

    @Benchmark
    public byte[] apacheEncodeRecord() throws Exception {
        return MessageDecoder.encode(apacheMessage, false);
    }

    @Benchmark
    public char[] bolideUniqueKey() {
        keys.next(key, 0);
        return key;
    }

    @Benchmark
    public String apacheUniqueKey() {
        return MessageClientIDSetter.createUniqID();
    }
}
