package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.namesrv.RegistrationProbe;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command as operators run it: a separate JVM, stopped with SIGTERM. */
class StartProcessTest {
    private static final long READY_TIMEOUT_MS = 60_000;
    private static final Pattern READY =
            Pattern.compile(
                    "bolide ready: name server (\\S+), broker (\\S+) .* in (\\d+) ms"
                            + " \\(JVM start to ready (-?\\d+) ms\\)");

    private static final Pattern ADDRESS = Pattern.compile("(?:name server|broker) \\S+:(\\d+)");

    @TempDir Path workingDirectory;

    /* Ports are 0 throughout: the child binds what the system picks and the test reads it from the
     * ready line, so no other process can take a port between the test choosing it and the child
     * binding it. */
    @Test
    void shouldServeBothRolesUntilSigtermThenStopGracefullyWithStatusZero() throws Exception {
        try (ChildBolide child =
                ChildBolide.launch(
                        workingDirectory, "start", "--namesrv-port", "0", "--broker-port", "0")) {
            Matcher ready = READY.matcher(child.awaitLine(READY.asPredicate(), READY_TIMEOUT_MS));
            assertThat(ready.find()).isTrue();
            int namesrvPort = port(ready.group(1));
            int brokerPort = port(ready.group(2));
            String nameServer = "127.0.0.1:" + namesrvPort;
            String broker = ready.group(2);

            assertThat(namesrvPort).isPositive();
            assertThat(brokerPort).isPositive().isNotEqualTo(namesrvPort);
            assertThat(Long.parseLong(ready.group(3))).isPositive();
            assertThat(accepts(namesrvPort)).isTrue();
            assertThat(accepts(brokerPort)).isTrue();
            assertThat(RegistrationProbe.await(nameServer, broker, 10_000)).isTrue();
            assertThat(send(nameServer).getSendStatus()).isEqualTo(SendStatus.SEND_OK);
            assertThat(workingDirectory.resolve("data")).isDirectory();

            assertThat(child.terminate(30_000)).isEqualTo(0);
            assertThat(child.output())
                    .contains("bolide shutting down")
                    .contains("broker broker-a at " + broker + " stopped")
                    .contains("name server on port " + namesrvPort + " stopped")
                    .contains("bolide stopped in");
            assertThat(child.output().indexOf("broker broker-a at"))
                    .isLessThan(child.output().indexOf("name server on port " + namesrvPort));
        }
    }

    @Test
    void shouldRunRolesSeparatelyWithBrokerConfFileAndNamesrvOverride() throws Exception {
        Path conf = workingDirectory.resolve("broker.conf");
        Files.writeString(
                conf,
                "brokerName=broker-x\nlistenPort=0\nbrokerIP1=127.0.0.1\nnamesrvAddr=127.0.0.1:1\n",
                StandardCharsets.UTF_8);
        try (ChildBolide namesrv = ChildBolide.launch(workingDirectory, "namesrv", "-p", "0")) {
            int namesrvPort = readyPort(namesrv, "bolide ready: name server");
            runBrokerRole(conf, namesrvPort);
            assertThat(namesrv.terminate(30_000)).isEqualTo(0);
            assertThat(namesrv.output())
                    .contains("name server on port " + namesrvPort + " stopped");
        }
    }

    private void runBrokerRole(Path conf, int namesrvPort) throws Exception {
        String nameServer = "127.0.0.1:" + namesrvPort;
        try (ChildBolide broker =
                ChildBolide.launch(
                        workingDirectory,
                        "broker",
                        "-c",
                        conf.toString(),
                        "-n",
                        nameServer,
                        "--data",
                        "store-x")) {
            String brokerAddress = "127.0.0.1:" + readyPort(broker, "bolide ready: broker");
            assertThat(RegistrationProbe.await(nameServer, brokerAddress, 30_000)).isTrue();
            assertThat(workingDirectory.resolve("store-x")).isDirectory();

            assertThat(broker.terminate(30_000)).isEqualTo(0);
            assertThat(broker.output())
                    .contains("broker broker-x at " + brokerAddress + " stopped");
        }
    }

    /** The port in the child's ready line, which starts with {@code prefix}. */
    private static int readyPort(ChildBolide child, String prefix) throws Exception {
        String line = child.awaitLine(l -> l.contains(prefix), READY_TIMEOUT_MS);
        Matcher address = ADDRESS.matcher(line);
        assertThat(address.find()).as(line).isTrue();
        return Integer.parseInt(address.group(1));
    }

    private static int port(String address) {
        return Integer.parseInt(address.substring(address.lastIndexOf(':') + 1));
    }

    private static SendResult send(String nameServer) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("dist-process-test");
        producer.setNamesrvAddr(nameServer);
        producer.start();
        try {
            return producer.send(
                    new Message("DistTopic", "TagA", "hello".getBytes(StandardCharsets.UTF_8)));
        } finally {
            producer.shutdown();
        }
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
