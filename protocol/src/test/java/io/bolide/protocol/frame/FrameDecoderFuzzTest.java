package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.header.PullMessageRequestHeader;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.testsupport.ApacheOracle;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutation fuzzing of the frame decoder and the header codecs: valid frames of both
 * serializations, from Bolide's encoder and from Apache's, with flipped bits, interesting bytes,
 * truncations, lying length words and spliced ranges. The only acceptable outcomes are a decoded
 * command or {@link ProtocolDecodeException}; buffers are always released.
 */
class FrameDecoderFuzzTest {
    private static final int ITERATIONS = Integer.getInteger("bolide.fuzz.iterations", 50_000);
    private static final long SEED = Long.getLong("bolide.fuzz.seed", 0xF022_2026L);
    private static final int WARM_UP = 2_000;
    private static final byte[] INTERESTING_BYTES = {
        0,
        -1,
        0x7F,
        (byte) 0x80,
        (byte) 0xC3,
        (byte) 0xED,
        '"',
        '\\',
        '{',
        '}',
        '[',
        ',',
        ':',
        'n',
        '-',
        '0',
        '9',
        'u'
    };

    @Test
    void shouldDecodeOrRejectEveryMutatedFrame() {
        Random random = new Random(SEED);
        List<byte[]> seeds = seeds(random);
        int rejected = 0;
        for (int i = 0; i < ITERATIONS; i++) {
            byte[] frame = seeds.get(random.nextInt(seeds.size()));
            int mutations = 1 + random.nextInt(3);
            for (int m = 0; m < mutations; m++) {
                frame = mutate(frame, random);
            }
            int mode = i % 500;
            boolean checkAllocation = i >= WARM_UP && i % 7 == 0;
            ProtocolDecodeException outcome;
            try {
                // Leak-tracked pooled buffers now and then, plain heap buffers otherwise; all 53
                // header codecs (by reflection, slow) on every tenth frame.
                outcome =
                        mode < 2
                                ? HostileFrames.decodeFully(frame, mode == 0)
                                : HostileFrames.decodeFullyUntracked(frame, i % 10 == 0);
                if (checkAllocation) {
                    HostileFrames.assertSmallAllocation(frame);
                }
            } catch (AssertionError | RuntimeException e) {
                String where = "iteration " + i + ", frame " + ByteBufUtil.hexDump(frame);
                throw new AssertionError(where + ": " + ShortFailures.printable(e.toString()), e);
            }
            if (outcome != null) {
                rejected++;
            }
        }
        // A fuzzer that rejects everything, or nothing, is not exploring.
        assertThat(rejected).isBetween(ITERATIONS / 10, ITERATIONS - ITERATIONS / 20);
    }

    @Test
    void shouldAcceptEverySeedUnmutated() {
        for (byte[] seed : seeds(new Random(SEED))) {
            assertThat(HostileFrames.decodeFully(seed, true)).isNull();
        }
    }

    /** Valid frames, all small, covering both serializations and both encoders. */
    private static List<byte[]> seeds(Random random) {
        RandomText text = new RandomText(random);
        List<byte[]> seeds = new ArrayList<>();
        for (SerializeType type : SerializeType.values()) {
            for (int i = 0; i < 8; i++) {
                seeds.add(bolideFrame(type, sendHeader(random, text, i % 2 == 0), random, text));
                seeds.add(bolideFrame(type, pullHeader(random, text), random, text));
                seeds.add(bolideFrame(type, null, random, text));
                seeds.add(apacheFrame(type, random, text));
            }
        }
        return seeds;
    }

    private static byte[] bolideFrame(
            SerializeType type, CommandHeader header, Random random, RandomText text) {
        byte[] body = new byte[random.nextInt(3) == 0 ? 0 : random.nextInt(64)];
        random.nextBytes(body);
        ByteBuf out = Unpooled.buffer();
        CommandEncoder.encodeWithBody(
                out,
                type,
                random.nextInt(400),
                random.nextInt(),
                random.nextInt(4),
                random.nextBoolean() ? null : text.any(20),
                header,
                Unpooled.wrappedBuffer(body));
        byte[] frame = ApacheOracle.bytes(out);
        out.release();
        return frame;
    }

    private static CommandHeader sendHeader(Random random, RandomText text, boolean shortKeys) {
        return new SendMessageRequestHeader()
                .producerGroup(text.nonEmpty(12))
                .topic(text.nonEmpty(12))
                .defaultTopic("TBW102")
                .defaultTopicQueueNums(4)
                .queueId(random.nextInt(16))
                .sysFlag(random.nextInt(8))
                .bornTimestamp(random.nextLong())
                .flag(random.nextInt())
                .properties(text.any(40))
                .reconsumeTimes(random.nextBoolean() ? null : random.nextInt(16))
                .batch(random.nextBoolean())
                .brokerName(text.nonEmpty(8))
                .shortKeys(shortKeys);
    }

    private static CommandHeader pullHeader(Random random, RandomText text) {
        return new PullMessageRequestHeader()
                .consumerGroup(text.nonEmpty(12))
                .topic(text.nonEmpty(12))
                .queueId(random.nextInt(16))
                .queueOffset(random.nextLong())
                .maxMsgNums(32)
                .sysFlag(random.nextInt(16))
                .commitOffset(random.nextLong())
                .suspendTimeoutMillis(15_000)
                .subscription(random.nextBoolean() ? "*" : null)
                .subVersion(random.nextLong());
    }

    private static byte[] apacheFrame(SerializeType type, Random random, RandomText text) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                        random.nextInt(400), null);
        command.setSerializeTypeCurrentRPC(ApacheOracle.apacheType(type.code()));
        command.setOpaque(random.nextInt());
        command.setRemark(random.nextBoolean() ? null : text.any(20));
        for (int i = random.nextInt(6); i > 0; i--) {
            command.addExtField(text.key(10), text.any(20));
        }
        command.setBody(random.nextBoolean() ? null : new byte[random.nextInt(32)]);
        ByteBuf out = ApacheOracle.encode(command, random.nextBoolean());
        byte[] frame = ApacheOracle.bytes(out);
        out.release();
        return frame;
    }

    private static byte[] mutate(byte[] frame, Random random) {
        byte[] out = frame.clone();
        if (out.length == 0) {
            return new byte[] {(byte) random.nextInt()};
        }
        int at = random.nextInt(out.length);
        switch (random.nextInt(8)) {
            case 0:
                out[at] ^= (byte) (1 << random.nextInt(8));
                return out;
            case 1:
                out[at] = INTERESTING_BYTES[random.nextInt(INTERESTING_BYTES.length)];
                return out;
            case 2:
                return Arrays.copyOf(out, random.nextInt(out.length));
            case 3:
                return withFrameLength(Arrays.copyOf(out, 8 + random.nextInt(out.length)));
            case 4:
                return withInt(out, random.nextInt(3) == 0 ? at : random.nextInt(2) * 4, random);
            case 5:
                return withHeaderLength(out, random);
            case 6:
                return splice(out, random);
            default:
                if (out.length > 4) {
                    out[4] = (byte) random.nextInt(3);
                }
                return out;
        }
    }

    private static byte[] withFrameLength(byte[] frame) {
        if (frame.length >= 4) {
            java.nio.ByteBuffer.wrap(frame).putInt(0, frame.length - 4);
        }
        return frame;
    }

    private static byte[] withInt(byte[] frame, int at, Random random) {
        if (at + 4 > frame.length) {
            return frame;
        }
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(frame);
        int old = buf.getInt(at);
        int[] interesting = {
            0,
            -1,
            1,
            Integer.MAX_VALUE,
            Integer.MIN_VALUE,
            0x7FFF,
            0x8000,
            0xFFFF,
            0x10000,
            old + 1,
            old - 1,
            old + frame.length,
            random.nextInt()
        };
        buf.putInt(at, interesting[random.nextInt(interesting.length)]);
        return frame;
    }

    private static byte[] withHeaderLength(byte[] frame, Random random) {
        if (frame.length < 8) {
            return frame;
        }
        java.nio.ByteBuffer buf = java.nio.ByteBuffer.wrap(frame);
        int info = buf.getInt(4);
        int length = (info & 0xFFFFFF) + random.nextInt(9) - 4;
        buf.putInt(4, (info & 0xFF000000) | (length & 0xFFFFFF));
        return frame;
    }

    /** Deletes or duplicates a random range, then fixes the frame length (not the header's). */
    private static byte[] splice(byte[] frame, Random random) {
        int from = random.nextInt(frame.length);
        int to = from + random.nextInt(Math.min(16, frame.length - from) + 1);
        byte[] out;
        if (random.nextBoolean()) {
            out = new byte[frame.length - (to - from)];
            System.arraycopy(frame, 0, out, 0, from);
            System.arraycopy(frame, to, out, from, frame.length - to);
        } else {
            out = new byte[frame.length + (to - from)];
            System.arraycopy(frame, 0, out, 0, to);
            System.arraycopy(frame, from, out, to, frame.length - from);
        }
        return withFrameLength(out);
    }
}
