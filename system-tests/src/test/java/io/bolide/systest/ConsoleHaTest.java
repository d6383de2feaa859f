package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * The console's replication view, {@code GET /api/ha} (#35): per broker set the master and its
 * slaves with their offsets and lag, from real HA links; in controller mode each member's epoch and
 * the controller's master epoch and SyncStateSet.
 */
class ConsoleHaTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void aMasterAndItsSlaveAreShownWithTheirOffsetsAndLag() throws Exception {
        try (Cluster cluster = new Cluster(1)) {
            Broker master = cluster.broker("a", "broker-a", c -> c.set("consolePort", "0"));
            Broker slave =
                    cluster.broker(
                            "a-slave",
                            "broker-a",
                            c -> c.set("brokerRole", "SLAVE").set("brokerId", "1"));
            Clients.await("the slave follows", slave::linkedToMaster);
            String console = "http://127.0.0.1:" + master.consolePort();
            post(console, "/api/topics", "{\"topic\":\"HaT\"}");
            post(console, "/api/topics/HaT/messages", "{\"body\":\"replicated\"}");

            AtomicReference<JsonNode> seen = new AtomicReference<>();
            Clients.await(
                    "the slave caught up, as the console shows it",
                    () -> {
                        JsonNode set = get(console + "/api/ha").get("brokerSets").get(0);
                        seen.set(set);
                        JsonNode members = set.get("members");
                        JsonNode slaves = members.get(0).get("slaves");
                        return slaves != null
                                && slaves.size() == 1
                                && members.get(0).get("commitLogMaxOffset").asLong() > 0
                                && slaves.get(0).get("lagBytes").asLong() == 0
                                && members.get(1).get("commitLogMaxOffset").asLong()
                                        == members.get(0).get("commitLogMaxOffset").asLong();
                    });
            JsonNode set = seen.get();
            assertThat(set.get("brokerName").asText()).isEqualTo("broker-a");
            JsonNode m = set.get("members").get(0);
            assertThat(m.get("role").asText()).isEqualTo("MASTER");
            assertThat(m.get("inSyncSlaves").asInt()).isEqualTo(1);
            assertThat(m.get("slaves").get(0).get("ackOffset").asLong())
                    .isEqualTo(m.get("commitLogMaxOffset").asLong());
            JsonNode s = set.get("members").get(1);
            assertThat(s.get("role").asText()).isEqualTo("SLAVE");
            assertThat(s.get("masterHaAddress").asText()).endsWith(":" + master.haPort());
        }
    }

    @Test
    void controllerModeShowsEachMembersEpochAndTheSyncStateSet() throws Exception {
        try (ControllerGroup group = new ControllerGroup()) {
            Broker a = group.start("a", Map.of("consolePort", "0"));
            Clients.await("a becomes the master", () -> a.config().brokerId() == 0);
            Broker b = group.start("b");
            Clients.await("b follows a", () -> b.config().brokerId() > 0 && b.linkedToMaster());
            String console = "http://127.0.0.1:" + a.consolePort();
            long slaveId = b.config().brokerId();

            AtomicReference<JsonNode> seen = new AtomicReference<>();
            Clients.await(
                    "both in the SyncStateSet, as the console shows it",
                    () -> {
                        JsonNode answer = get(console + "/api/ha");
                        seen.set(answer);
                        JsonNode controller = answer.get("brokerSets").get(0).get("controller");
                        return controller.has("syncStateSet")
                                && controller.get("syncStateSet").size() == 2
                                && answer.get("brokerSets").get(0).get("members").size() == 2;
                    });
            JsonNode answer = seen.get();
            assertThat(answer.get("controllerMode").asBoolean()).isTrue();
            JsonNode set = answer.get("brokerSets").get(0);
            JsonNode controller = set.get("controller");
            // The controller's ids (the master registers as 0 with the name servers).
            long masterId = controller.get("masterBrokerId").asLong();
            assertThat(masterId).isPositive().isNotEqualTo(slaveId);
            assertThat(controller.get("syncStateSet").toString())
                    .isEqualTo(
                            "["
                                    + Math.min(masterId, slaveId)
                                    + ","
                                    + Math.max(masterId, slaveId)
                                    + "]");
            int epoch = controller.get("masterEpoch").asInt();
            assertThat(epoch).isPositive();
            assertThat(controller.get("syncStateSetEpoch").asInt()).isPositive();
            assertThat(set.get("members").get(0).get("epoch").asInt()).isEqualTo(epoch);
            assertThat(set.get("members").get(0).get("role").asText()).isEqualTo("MASTER");
            assertThat(set.get("members").get(1).get("role").asText()).isEqualTo("SLAVE");
        }
    }

    private JsonNode get(String url) {
        try {
            HttpResponse<String> response =
                    http.send(
                            HttpRequest.newBuilder(URI.create(url)).build(),
                            HttpResponse.BodyHandlers.ofString());
            assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
            return JSON.readTree(response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private void post(String console, String path, String body) throws Exception {
        HttpResponse<String> response =
                http.send(
                        HttpRequest.newBuilder(URI.create(console + path))
                                .POST(HttpRequest.BodyPublishers.ofString(body))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
    }
}
