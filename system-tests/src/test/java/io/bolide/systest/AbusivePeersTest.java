package io.bolide.systest;

import static io.bolide.systest.Messages.message;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import io.bolide.testsupport.ClientVersionDependent;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Peers that hold connections and give nothing (idle sockets, a frame started and never finished)
 * do not stop a well-behaved official client from sending and consuming, and the stalled ones are
 * closed at the frame deadline. The send latency is measured before and during the abuse; CI runs a
 * small version ({@code bolide.abuse.idle} connections, 300 by default), {@code
 * system-tests/run-abuse.sh} the 5,000-connection one, whose figures are in docs/benchmarks.md.
 */
@ClientVersionDependent
class AbusivePeersTest {
    private static final int IDLE = Integer.getInteger("bolide.abuse.idle", 300);
    private static final int STALLED = 20;
    private static final int MESSAGES = Integer.getInteger("bolide.abuse.messages", 200);

    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(b -> b.set("frameTimeoutMillis", "2000"));

    @Test
    void shouldServeWellBehavedClientWhileOthersHoldIdleAndHalfFramedConnections(
            EmbeddedBolide bolide) throws Exception {
        String nameServer = bolide.nameServerAddress();
        String topic = "AbuseTopic";
        DefaultMQProducer producer = Clients.startedProducer(nameServer, "abuse-producer");
        Inbox inbox = new Inbox();
        DefaultMQPushConsumer consumer = Clients.pushConsumer(nameServer, "abuse-group");
        List<Socket> idle = new ArrayList<>();
        List<Socket> stalled = new ArrayList<>();
        try {
            sendAll(producer, topic, "warm-", MESSAGES); // JIT and connections warm first
            Clients.awaitRoute(producer, topic);
            consumer.subscribe(topic, "*");
            consumer.registerMessageListener(inbox);
            consumer.start();
            long[] calm = sendAll(producer, topic, "calm-", MESSAGES);
            inbox.awaitSeqs(Messages.seqs("calm-", MESSAGES));

            String[] broker = bolide.brokerAddress().split(":");
            int port = Integer.parseInt(broker[1]);
            for (int i = 0; i < IDLE; i++) {
                idle.add(new Socket(broker[0], port));
            }
            for (int i = 0; i < STALLED; i++) {
                Socket socket = new Socket(broker[0], port);
                // a length announcing 1,000 bytes, then 10 of them, then nothing
                socket.getOutputStream().write(ByteBuffer.allocate(14).putInt(1000).array());
                socket.getOutputStream().flush();
                stalled.add(socket);
            }
            long[] abused = sendAll(producer, topic, "abused-", MESSAGES);
            inbox.awaitSeqs(Messages.seqs("abused-", MESSAGES));
            for (Socket socket : stalled) {
                assertThat(closedByServer(socket)).as("half-frame peer closed").isTrue();
            }
            assertThat(idle.get(IDLE - 1).isClosed()).isFalse();
            report(calm, abused);
        } finally {
            consumer.shutdown();
            producer.shutdown();
            for (Socket socket : idle) {
                socket.close();
            }
            for (Socket socket : stalled) {
                socket.close();
            }
        }
    }

    /** Sync sends; each one's latency in microseconds. */
    private static long[] sendAll(DefaultMQProducer producer, String topic, String prefix, int n)
            throws Exception {
        long[] micros = new long[n];
        for (int i = 0; i < n; i++) {
            long start = System.nanoTime();
            assertThat(producer.send(message(topic, "T", prefix + i)).getSendStatus())
                    .isEqualTo(SendStatus.SEND_OK);
            micros[i] = (System.nanoTime() - start) / 1000;
        }
        return micros;
    }

    private static boolean closedByServer(Socket socket) throws IOException {
        socket.setSoTimeout(30_000);
        try {
            InputStream in = socket.getInputStream();
            while (in.read() >= 0) {
                // nothing is sent to a peer that never finished its frame; read to the end
            }
            return true;
        } catch (SocketException e) {
            return true; // reset
        }
    }

    private static void report(long[] calm, long[] abused) throws IOException {
        String line =
                String.format(
                        Locale.ROOT,
                        "abuse (%s headers): %d idle + %d half-frame connections, %d sync sends per"
                                + " phase; send p50/p99/max us: calm %d/%d/%d, abused %d/%d/%d%n",
                        System.getProperty("rocketmq.serialize.type", "JSON"),
                        IDLE,
                        STALLED,
                        MESSAGES,
                        percentile(calm, 50),
                        percentile(calm, 99),
                        percentile(calm, 100),
                        percentile(abused, 50),
                        percentile(abused, 99),
                        percentile(abused, 100));
        System.out.print(line);
        Path out = Path.of("target", "abuse-result.txt");
        Files.createDirectories(out.getParent());
        Files.writeString(out, line, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    private static long percentile(long[] values, int p) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int index = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }
}
