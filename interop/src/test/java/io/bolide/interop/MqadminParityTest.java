package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.interop.InProcessMqadmin.Run;
import io.bolide.interop.MqadminParityTable.Expect;
import io.bolide.interop.MqadminParityTable.Row;
import io.bolide.testsupport.Await;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.tools.command.MQAdminStartup;
import org.apache.rocketmq.tools.command.SubCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * mqadmin 5.5.0 parity (issue #38): every command of the official tool, run with the arguments of
 * {@link MqadminParityTable} against an Apache RocketMQ 5.5.0 name server and broker and then
 * against Bolide's, each set up alike (a topic with one keyed message, a group, a topic and a group
 * to delete). Fails when a command expected to agree does not, when one listed as differing agrees
 * (so the list cannot rot), and when the tool has a command the table does not list. Writes the
 * outcome table to {@code target/mqadmin-parity.md}.
 */
class MqadminParityTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String TOPIC = "ParityTopic";
    private static final String GROUP = "ParityGroup";

    @TempDir Path dir;

    @Test
    void shouldAnswerEveryCommandAsTheReferenceDoes() throws Exception {
        assertThat(MqadminParityTable.rows().stream().map(Row::command))
                .as("the table lists every command of mqadmin 5.5.0, each once")
                .containsExactlyInAnyOrderElementsOf(toolCommands());
        List<Side> sides = new ArrayList<>();
        Map<String, Run> reference =
                Standalone.onApache(dir, (ns, broker) -> runAll(side(sides, "apache", ns, broker)));
        Map<String, Run> ours =
                Standalone.onBolide((ns, broker) -> runAll(side(sides, "bolide", ns, broker)));
        List<String> wrong = new ArrayList<>();
        StringBuilder table = new StringBuilder("| command | Apache 5.5.0 | Bolide | outcome |\n");
        table.append("|---|---|---|---|\n");
        for (Row row : MqadminParityTable.rows()) {
            String verdict = verdict(row, reference.get(row.command()), ours.get(row.command()));
            if (verdict != null) {
                wrong.add(verdict);
            }
            table.append(tableLine(row, reference.get(row.command()), ours.get(row.command())));
        }
        Files.createDirectories(Path.of("target"));
        Files.writeString(Path.of("target/mqadmin-parity.md"), table, StandardCharsets.UTF_8);
        Files.writeString(Path.of("target/mqadmin-parity-times.txt"), slowest(sides));
        assertThat(wrong).as("commands not answered as the table expects").isEmpty();
    }

    private static Side side(List<Side> sides, String name, String ns, String broker) {
        Side side = new Side(name, ns, broker);
        sides.add(side);
        return side;
    }

    /** Every command's time on each side, slowest first: where the test's minutes go. */
    private static String slowest(List<Side> sides) {
        StringBuilder text = new StringBuilder();
        for (Side side : sides) {
            side.millis.entrySet().stream()
                    .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                    .forEach(
                            e ->
                                    text.append(side.name)
                                            .append(' ')
                                            .append(e.getValue())
                                            .append(" ms ")
                                            .append(e.getKey())
                                            .append('\n'));
        }
        return text.toString();
    }

    /** Why {@code row}'s outcome is not the expected one, or null. */
    private static String verdict(Row row, Run apache, Run bolide) {
        if (row.expect() == Expect.NOT_RUN) {
            return null;
        }
        boolean sameStatus = apache.failed() == bolide.failed();
        boolean same =
                row.expect() == Expect.SAME_OUTPUT
                        ? sameStatus && apache.out().equals(bolide.out())
                        : sameStatus;
        if (row.expect() == Expect.DIFFERS) {
            return same ? row.command() + ": listed as differing, but agrees now" : null;
        }
        if (same) {
            return null;
        }
        return row.command()
                + ": Apache "
                + describe(apache)
                + " / Bolide "
                + describe(bolide)
                + "\n--- Apache:\n"
                + apache.out()
                + apache.err()
                + "\n--- Bolide:\n"
                + bolide.out()
                + bolide.err();
    }

    private static String tableLine(Row row, Run apache, Run bolide) {
        String outcome =
                switch (row.expect()) {
                    case SAME_STATUS -> "agrees";
                    case SAME_OUTPUT -> "agrees, same output";
                    case DIFFERS -> "differs: " + row.reason();
                    case NOT_RUN -> "not run: " + row.reason();
                };
        return "| `"
                + row.command()
                + "` | "
                + (apache == null ? "-" : describe(apache))
                + " | "
                + (bolide == null ? "-" : describe(bolide))
                + " | "
                + outcome
                + " |\n";
    }

    private static String describe(Run run) {
        return run.failed() ? "fails" : "succeeds";
    }

    /** Sets the side up, then runs every row; outputs normalized. */
    private Map<String, Run> runAll(Side side) throws Exception {
        Path files = Files.createDirectories(dir.resolve(side.name + "-files"));
        Files.writeString(
                files.resolve("topics.json"),
                "[{\"topicName\":\"ParityListTopic\",\"readQueueNums\":2,\"writeQueueNums\":2,"
                        + "\"perm\":6}]");
        Files.writeString(files.resolve("groups.json"), "[{\"groupName\":\"ParityListGroup\"}]");
        InProcessMqadmin mqadmin = new InProcessMqadmin(side.ns);
        Await.until(
                WAIT,
                () -> mqadmin.run(List.of("clusterList")).out().contains(side.broker),
                "the " + side.name + " broker listed by its name server");
        for (String line :
                List.of(
                        "updateTopic -b {broker} -t " + TOPIC + " -r 4 -w 4",
                        "updateTopic -b {broker} -t ParityDeleteTopic -r 1 -w 1",
                        "updateSubGroup -b {broker} -g " + GROUP,
                        "updateSubGroup -b {broker} -g ParityDeleteGroup")) {
            Run setup = mqadmin.run(List.of(fill(line, side, files).split(" ")));
            assertThat(setup.failed()).as(line + ": " + setup.out() + setup.err()).isFalse();
        }
        Await.until(
                WAIT,
                () -> !mqadmin.run(List.of("topicRoute", "-t", TOPIC)).failed(),
                "the topic routed");
        send(side);
        Map<String, Run> runs = new LinkedHashMap<>();
        for (Row row : MqadminParityTable.rows()) {
            if (row.expect() == Expect.NOT_RUN) {
                continue;
            }
            List<String> line =
                    row.args().stream().map(a -> fill(a, side, files)).collect(Collectors.toList());
            long start = System.nanoTime();
            Run run = mqadmin.run(line);
            side.millis.put(row.command(), (System.nanoTime() - start) / 1_000_000);
            runs.put(
                    row.command(),
                    new Run(run.failed(), normalize(run.out(), side), normalize(run.err(), side)));
        }
        return runs;
    }

    /** One keyed message, sent with the official 5.5.0 producer; its ids kept for the queries. */
    private static void send(Side side) throws Exception {
        DefaultMQProducer producer = new DefaultMQProducer("ParityProducerGroup");
        producer.setNamesrvAddr(side.ns);
        producer.setInstanceName("parity-" + side.name);
        producer.start();
        try {
            Message message =
                    new Message(
                            TOPIC, "TagA", "ParityKey", "parity".getBytes(StandardCharsets.UTF_8));
            SendResult sent = producer.send(message);
            side.msgId = sent.getMsgId();
            side.offsetId = sent.getOffsetMsgId();
            side.queue = sent.getMessageQueue().getQueueId();
        } finally {
            producer.shutdown();
        }
    }

    private static String fill(String arg, Side side, Path files) {
        return arg.replace("{broker}", side.broker)
                .replace("{ns}", side.ns)
                .replace("{cluster}", "DefaultCluster")
                .replace("{topic}", TOPIC)
                .replace("{group}", GROUP)
                .replace("{dir}", files.toString())
                .replace("{side}", side.name)
                .replace("{msgId}", String.valueOf(side.msgId))
                .replace("{offsetId}", String.valueOf(side.offsetId))
                .replace("{queue}", Integer.toString(side.queue));
    }

    /** Addresses, ids, times and numbers masked; runs of blanks made one. */
    static String normalize(String text, Side side) {
        String masked = text.replace(side.broker, "BROKER").replace(side.ns, "NAMESRV");
        if (side.msgId != null) {
            masked = masked.replace(side.msgId, "MSGID").replace(side.offsetId, "OFFSETID");
        }
        return masked.replaceAll("[0-9A-Fa-f]{24,}", "ID")
                .replaceAll("\\d{4}-\\d\\d-\\d\\d[ T#]\\d\\d:\\d\\d:\\d\\d([.,:]\\d+)?", "TIME")
                .replaceAll("\\d+(\\.\\d+)?", "N")
                .replaceAll("[ \\t]+", " ")
                .replaceAll("(?m) +$", "");
    }

    /** The commands mqadmin 5.5.0 registers at start-up. */
    @SuppressWarnings("unchecked")
    private static Set<String> toolCommands() throws Exception {
        MQAdminStartup.initCommand();
        Field field = MQAdminStartup.class.getDeclaredField("SUB_COMMANDS");
        field.setAccessible(true);
        Set<String> names = new TreeSet<>();
        for (SubCommand command : (List<SubCommand>) field.get(null)) {
            names.add(command.commandName());
        }
        return names;
    }

    /** One broker and name server under test, and the ids of the message sent to it. */
    static final class Side {
        final String name;
        final String ns;
        final String broker;
        String msgId;
        String offsetId;
        int queue;

        /** How long each command took: the run's time is mostly a few slow commands. */
        final Map<String, Long> millis = new LinkedHashMap<>();

        Side(String name, String ns, String broker) {
            this.name = name;
            this.ns = ns;
            this.broker = broker;
        }
    }
}
