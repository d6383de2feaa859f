package io.bolide.store;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.zip.CRC32;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a writing child JVM with SIGKILL at random moments (fixed seed) and checks after every
 * restart that each acknowledged message is present, byte-identical, at its queue offset, and that
 * every record served is whole.
 */
class KillNineTest {
    private static final int ROUNDS = Integer.getInteger("bolide.crash.rounds", 20);
    private static final long SEED = Long.getLong("bolide.crash.seed", 4242L);

    @TempDir Path dir;

    private record Ack(int queue, long offset, long generation, int writer, long seq) {}

    @Test
    void shouldKeepEveryAcknowledgedMessageAcrossKillNine() throws Exception {
        Random random = new Random(SEED);
        Map<String, Ack> acked = new HashMap<>();
        for (int round = 0; round < ROUNDS; round++) {
            int before = acked.size();
            runChildAndKill(round, 1 + random.nextInt(300), acked);
            assertThat(acked.size())
                    .as("round %d acknowledged something", round)
                    .isGreaterThan(before);
            try (MessageStore store = MessageStore.open(CrashWriter.config(dir))) {
                for (Ack ack : acked.values()) {
                    assertPresent(store, ack);
                }
                assertEverythingServedIsWhole(store);
            }
        }
    }

    private void runChildAndKill(long generation, int killAfterAcks, Map<String, Ack> acked)
            throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process child =
                new ProcessBuilder(
                                java,
                                // 20 child JVMs: C1 only and the serial collector start them in
                                // about half the time and CPU (the kill test does not depend on
                                // either)
                                "-XX:TieredStopAtLevel=1",
                                "-XX:+UseSerialGC",
                                "-cp",
                                System.getProperty("java.class.path"),
                                CrashWriter.class.getName(),
                                dir.toString(),
                                "16",
                                Long.toString(generation))
                        .redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
        int seen = 0;
        try (BufferedReader in =
                new BufferedReader(
                        new InputStreamReader(child.getInputStream(), StandardCharsets.US_ASCII))) {
            String line;
            while ((line = in.readLine()) != null) {
                Ack ack = parse(line);
                if (ack != null) {
                    acked.put(ack.queue + "/" + ack.offset, ack);
                    if (++seen == killAfterAcks) {
                        // Killing closes our end of the pipe: whatever the child printed after
                        // this is never read, so it is never checked either.
                        child.destroyForcibly();
                        break;
                    }
                }
            }
        } finally {
            child.destroyForcibly();
            child.waitFor();
        }
    }

    private static Ack parse(String line) {
        String[] f = line.split(" ");
        if (f.length != 7 || !f[0].equals("ACK") || !f[6].equals("END")) {
            return null;
        }
        return new Ack(
                Integer.parseInt(f[1]),
                Long.parseLong(f[2]),
                Long.parseLong(f[3]),
                Integer.parseInt(f[4]),
                Long.parseLong(f[5]));
    }

    private static void assertPresent(MessageStore store, Ack ack) {
        GetResult got =
                store.getMessages(CrashWriter.TOPIC, ack.queue, ack.offset, 1, 1 << 20, null);
        try {
            assertThat(got.status()).as("ack %s", ack).isEqualTo(GetStatus.FOUND);
            ByteBuf record = got.messages().get(0);
            int at = record.readerIndex();
            byte[] body = ByteBufUtil.getBytes(record, at + 88, record.getInt(at + 84));
            assertThat(body)
                    .as("ack %s", ack)
                    .isEqualTo(CrashWriter.body(ack.generation, ack.writer, ack.seq));
            assertThat(record.getLong(at + 20)).isEqualTo(ack.offset);
        } finally {
            got.release();
        }
    }

    private static void assertEverythingServedIsWhole(MessageStore store) {
        CRC32 crc = new CRC32();
        for (int queue = 0; queue < CrashWriter.QUEUES; queue++) {
            long max = store.maxOffset(CrashWriter.TOPIC, queue);
            for (long offset = store.minOffset(CrashWriter.TOPIC, queue); offset < max; ) {
                GetResult got =
                        store.getMessages(CrashWriter.TOPIC, queue, offset, 64, 1 << 20, null);
                List<ByteBuf> messages = new ArrayList<>(got.messages());
                try {
                    for (ByteBuf record : messages) {
                        int at = record.readerIndex();
                        assertThat(record.getInt(at)).isEqualTo(record.readableBytes());
                        assertThat(record.getLong(at + 20)).isEqualTo(offset);
                        int length = record.getInt(at + 84);
                        crc.reset();
                        crc.update(record.nioBuffer(at + 88, length));
                        assertThat((int) (crc.getValue() & 0x7FFFFFFF))
                                .isEqualTo(record.getInt(at + 8));
                        offset++;
                    }
                } finally {
                    got.release();
                }
                assertThat(messages).isNotEmpty();
            }
        }
    }
}
