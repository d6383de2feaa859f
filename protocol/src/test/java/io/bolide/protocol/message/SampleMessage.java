package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.zip.Deflater;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;

/** One message's fields, random but reproducible, and their Apache and Bolide encodings. */
final class SampleMessage {
    private static final String ALPHABET =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-%|";
    private static final String[] UNICODE = {"é", "ß", "漢字", "😀", "Ω", "a b", "\u0000", "ü"};

    String topic;
    int queueId;
    int flag;
    int sysFlag;
    long queueOffset;
    long physicalOffset;
    long bornTimestamp;
    long storeTimestamp;
    byte[] bornAddress;
    int bornPort;
    byte[] storeAddress;
    int storePort;
    int reconsumeTimes;
    long preparedTransactionOffset;
    byte[] body;
    Map<String, String> properties = new LinkedHashMap<>();

    static SampleMessage random(Random random) {
        SampleMessage m = new SampleMessage();
        m.topic = word(random, 1 + random.nextInt(40));
        m.queueId = random.nextInt(64);
        m.flag = random.nextInt();
        m.sysFlag = random.nextBoolean() ? 0 : random.nextInt(4) * 4;
        m.queueOffset = random.nextLong() & Long.MAX_VALUE;
        m.physicalOffset = random.nextLong() & Long.MAX_VALUE;
        m.bornTimestamp = 1_700_000_000_000L + random.nextInt(1 << 30);
        m.storeTimestamp = m.bornTimestamp + random.nextInt(1000);
        m.bornAddress = new byte[random.nextInt(4) == 0 ? 16 : 4];
        random.nextBytes(m.bornAddress);
        m.bornPort = random.nextInt(65536);
        m.storeAddress = new byte[random.nextInt(4) == 0 ? 16 : 4];
        random.nextBytes(m.storeAddress);
        m.storePort = random.nextInt(65536);
        m.reconsumeTimes = random.nextInt(17);
        m.preparedTransactionOffset = random.nextInt(3) == 0 ? random.nextLong() : 0;
        m.body = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(5000)];
        random.nextBytes(m.body);
        int count = random.nextInt(8);
        for (int i = 0; i < count; i++) {
            m.properties.put(text(random), text(random));
        }
        if (random.nextBoolean()) {
            m.properties.put(MessageProperty.TAGS, text(random));
        }
        return m;
    }

    static String word(Random random, int length) {
        StringBuilder s = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }

    static String text(Random random) {
        StringBuilder s = new StringBuilder(word(random, 1 + random.nextInt(10)));
        if (random.nextInt(3) == 0) {
            s.append(UNICODE[random.nextInt(UNICODE.length)]);
        }
        return s.toString();
    }

    /** Compresses the body with zlib and marks the sysFlag, as the producer does. */
    SampleMessage compressed() {
        Deflater deflater = new Deflater(5);
        deflater.setInput(body);
        deflater.finish();
        byte[] out = new byte[body.length + 64];
        int n = deflater.deflate(out);
        deflater.end();
        body = java.util.Arrays.copyOf(out, n);
        sysFlag |= MessageDescriptor.FLAG_COMPRESSED | MessageDescriptor.COMPRESSION_ZLIB;
        return this;
    }

    int fullSysFlag() {
        int value = sysFlag;
        if (bornAddress.length == 16) {
            value |= MessageDescriptor.FLAG_BORN_HOST_V6;
        }
        if (storeAddress.length == 16) {
            value |= MessageDescriptor.FLAG_STORE_HOST_V6;
        }
        return value;
    }

    int bodyCrc() {
        return new BodyCrc().of(body, 0, body.length);
    }

    MessageExt toApache() {
        MessageExt ext = new MessageExt();
        ext.setTopic(topic);
        ext.setQueueId(queueId);
        ext.setFlag(flag);
        ext.setSysFlag(fullSysFlag());
        ext.setQueueOffset(queueOffset);
        ext.setCommitLogOffset(physicalOffset);
        ext.setBornTimestamp(bornTimestamp);
        ext.setStoreTimestamp(storeTimestamp);
        ext.setBornHost(socket(bornAddress, bornPort));
        ext.setStoreHost(socket(storeAddress, storePort));
        ext.setReconsumeTimes(reconsumeTimes);
        ext.setPreparedTransactionOffset(preparedTransactionOffset);
        ext.setBody(body);
        ext.setBodyCRC(bodyCrc());
        MessageAccessor.setProperties(ext, new LinkedHashMap<>(properties));
        return ext;
    }

    byte[] apacheRecord() throws Exception {
        return MessageDecoder.encode(toApache(), false);
    }

    StoredMessageEncoder fill(StoredMessageEncoder encoder) {
        return encoder.reset()
                .topic(topic)
                .queueId(queueId)
                .flag(flag)
                .sysFlag(sysFlag)
                .queueOffset(queueOffset)
                .physicalOffset(physicalOffset)
                .bornTimestamp(bornTimestamp)
                .storeTimestamp(storeTimestamp)
                .bornHost(bornAddress, bornPort)
                .storeHost(storeAddress, storePort)
                .reconsumeTimes(reconsumeTimes)
                .preparedTransactionOffset(preparedTransactionOffset)
                .body(Unpooled.wrappedBuffer(body))
                .properties(MessageProperties.toText(properties));
    }

    ByteBuf bolideRecord() {
        // A wrapped array: not tracked by the leak detector, so callers need not release it.
        StoredMessageEncoder encoder = fill(new StoredMessageEncoder());
        ByteBuf out = Unpooled.wrappedBuffer(new byte[encoder.recordLength()]).clear();
        encoder.encode(out);
        return out;
    }

    static InetSocketAddress socket(byte[] address, int port) {
        try {
            return new InetSocketAddress(InetAddress.getByAddress(address), port);
        } catch (UnknownHostException e) {
            throw new IllegalStateException(e);
        }
    }
}
