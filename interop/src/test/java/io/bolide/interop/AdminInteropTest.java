package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.admin.Admin;
import io.bolide.testsupport.Await;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bolide admin} against an Apache RocketMQ 5.5.0 name server and broker, and the same
 * commands against Bolide's: a topic created, routed, listed, its queues' offsets read, updated,
 * deleted, a message read back by its id and found by its key, the cluster listed, a consumer group
 * created, listed, its offsets reset, its lag read and deleted, a broker setting changed and read
 * back. Both runs print the same tables once addresses and versions are masked, and the same exit
 * codes for an unknown topic.
 */
class AdminInteropTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String TOPIC = "AdminInteropTopic";
    private static final String GROUP = "AdminInteropGroup";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void shouldPrintTheSameAgainstApacheAndBolide() throws Exception {
        List<String> reference = Standalone.onApache(dir, AdminInteropTest::scenario);
        List<String> ours = Standalone.onBolide(AdminInteropTest::scenario);
        assertThat(ours).isEqualTo(reference);
    }

    /** Runs the commands; the tables they print with addresses and versions masked. */
    private static List<String> scenario(String ns, String broker) throws Exception {
        List<String> tables = new ArrayList<>();
        Await.until(
                WAIT,
                () -> run("cluster", "-n", ns).out.contains(broker),
                "the broker listed by the name server");
        // Listed by the name server is not yet answering every request: wait for the version too.
        Await.until(
                WAIT,
                () -> json(run("cluster", "-n", ns, "--json")).get(0).get("version").isTextual(),
                "the broker's version read");
        JsonNode cluster = json(run("cluster", "-n", ns, "--json"));
        assertThat(cluster).hasSize(1);
        assertThat(cluster.get(0).get("cluster").asText()).isEqualTo("DefaultCluster");
        assertThat(cluster.get(0).get("brokerName").asText()).isEqualTo("broker-a");
        assertThat(cluster.get(0).get("brokerId").asLong()).isZero();
        assertThat(cluster.get(0).get("version").isTextual()).isTrue();
        tables.add(mask(run("cluster", "-n", ns).out, broker).replaceAll("(?m) \\S+$", " VERSION"));

        tables.add(
                mask(ok("topic", "create", "-n", ns, "-t", TOPIC, "-r", "4", "-w", "4"), broker));
        awaitQueues(ns, 4);
        tables.add(mask(ok("topic", "route", "-n", ns, "-t", TOPIC), broker));
        tables.add(mask(ok("topic", "status", "-n", ns, "-t", TOPIC), broker));
        message(ns, broker);
        JsonNode status = json(run("topic", "status", "-n", ns, "-t", TOPIC, "--json"));
        assertThat(status).hasSize(4);
        assertThat(status.get(3).get("queueId").asInt()).isEqualTo(3);
        assertThat(status.get(3).get("maxOffset").asLong()).isZero();
        JsonNode list = json(run("topic", "list", "-n", ns, "--json"));
        assertThat(list.findValuesAsText("topic")).contains(TOPIC);

        tables.add(
                mask(
                        ok("topic", "update", "-n", ns, "-t", TOPIC, "-b", broker, "-w", "2"),
                        broker));
        awaitWriteQueues(ns, 2);
        tables.add(mask(ok("topic", "route", "-n", ns, "-t", TOPIC, "--json"), broker));

        Result unknown = run("topic", "route", "-n", ns, "-t", "NoSuchAdminTopic");
        assertThat(unknown.status).as(unknown.err).isEqualTo(1);
        assertThat(unknown.err).contains("TOPIC_NOT_EXIST (17)");
        Result unknownUpdate = run("topic", "update", "-n", ns, "-t", "NoSuchAdminTopic");
        assertThat(unknownUpdate.status).isEqualTo(1);

        tables.add(
                mask(
                        mask(
                                ok(
                                        "topic",
                                        "delete",
                                        "-n",
                                        ns,
                                        "-t",
                                        TOPIC,
                                        "-c",
                                        "DefaultCluster"),
                                ns),
                        broker));
        assertThat(run("topic", "route", "-n", ns, "-t", TOPIC).status).isEqualTo(1);
        groups(ns, broker, tables);
        configs(ns, broker, tables);
        return tables;
    }

    /** A message sent, then read back by its offset id. */
    private static void message(String ns, String broker) throws Exception {
        String id;
        try (Wire wire = new Wire()) {
            id = wire.send(broker, TOPIC, 1, 7, "hello admin").getExtFields().get("msgId");
        }
        JsonNode fields = json(run("message", "get", "-n", ns, "-i", id, "--json"));
        Map<String, String> message = new java.util.HashMap<>();
        fields.forEach(f -> message.put(f.get("field").asText(), f.get("value").asText()));
        assertThat(message)
                .containsEntry("topic", TOPIC)
                .containsEntry("queueId", "1")
                .containsEntry("queueOffset", "0")
                .containsEntry("property.TAGS", "Tag7")
                .containsEntry("property.userProp", "v7")
                .containsEntry("body", "hello admin")
                .containsEntry("broker", broker);
        Await.until(
                WAIT,
                () -> run("message", "find", "-n", ns, "-t", TOPIC, "-k", "K7").out.contains(id),
                "the message found by its key");
        JsonNode found = json(run("message", "find", "-n", ns, "-t", TOPIC, "-k", "K7", "--json"));
        assertThat(found).hasSize(1);
        assertThat(found.get(0).get("queueId").asInt()).isEqualTo(1);
        Result bad = run("message", "get", "-n", ns, "-i", "XYZ");
        assertThat(bad.status).isEqualTo(2);
    }

    /** A live-changeable key set, then read back. */
    private static void configs(String ns, String broker, List<String> tables) {
        String key = "shortPollingTimeMills";
        tables.add(mask(ok("config", "set", "-n", ns, "-k", key, "--value", "2000"), broker));
        tables.add(mask(ok("config", "get", "-n", ns, "-b", broker, "-k", key), broker));
        JsonNode all = json(run("config", "get", "-n", ns, "--json"));
        assertThat(all.findValuesAsText("key")).contains("brokerName", "listenPort", key);
    }

    /** A group created, listed, its (empty) lag read, deleted. */
    private static void groups(String ns, String broker, List<String> tables) {
        tables.add(mask(ok("group", "create", "-n", ns, "-g", GROUP), broker));
        JsonNode groups = json(run("group", "list", "-n", ns, "--json"));
        assertThat(groups.findValuesAsText("group")).contains(GROUP);
        tables.add(mask(ok("group", "lag", "-n", ns, "-g", GROUP), broker));
        String topic = "AdminInteropGroupTopic";
        ok("topic", "create", "-n", ns, "-t", topic, "-r", "2", "-w", "2");
        String reset = ok("group", "reset", "-n", ns, "-g", GROUP, "-t", topic, "--earliest");
        tables.add(mask(reset, broker));
        JsonNode lag = json(run("group", "lag", "-n", ns, "-g", GROUP, "-t", topic, "--json"));
        assertThat(lag).hasSize(2);
        assertThat(lag.get(1).get("consumerOffset").asLong()).isZero();
        tables.add(mask(ok("group", "lag", "-n", ns, "-g", GROUP, "-t", topic), broker));
        Result badReset = run("group", "reset", "-n", ns, "-g", GROUP, "-t", topic);
        assertThat(badReset.status).isEqualTo(2);
        tables.add(mask(ok("group", "delete", "-n", ns, "-g", GROUP, "-b", broker), broker));
        groups = json(run("group", "list", "-n", ns, "--json"));
        assertThat(groups.findValuesAsText("group")).doesNotContain(GROUP);
    }

    private static void awaitQueues(String ns, int queues) {
        Await.until(
                WAIT,
                () -> {
                    Result route = run("topic", "route", "-n", ns, "-t", TOPIC, "--json");
                    return route.status == 0
                            && json(route).get(0).get("readQueues").asInt() == queues;
                },
                "the topic routed with " + queues + " queues");
    }

    private static void awaitWriteQueues(String ns, int queues) {
        Await.until(
                WAIT,
                () ->
                        json(run("topic", "route", "-n", ns, "-t", TOPIC, "--json"))
                                        .get(0)
                                        .get("writeQueues")
                                        .asInt()
                                == queues,
                "the topic routed with " + queues + " write queues");
    }

    /** The address masked and runs of spaces made one: column widths follow address lengths. */
    private static String mask(String text, String address) {
        return text.replace(address, "ADDRESS").replaceAll(" +", " ");
    }

    private static String ok(String... line) {
        Result result = run(line);
        assertThat(result.status).as(String.join(" ", line) + ": " + result.err).isZero();
        return result.out;
    }

    private static JsonNode json(Result result) {
        try {
            return JSON.readTree(result.out);
        } catch (java.io.IOException e) {
            throw new AssertionError("not JSON: " + result.out, e);
        }
    }

    static Result run(String... line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status =
                Admin.run(
                        List.of(line),
                        new PrintStream(out, true, StandardCharsets.UTF_8),
                        new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Result(
                status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    record Result(int status, String out, String err) {}
}
