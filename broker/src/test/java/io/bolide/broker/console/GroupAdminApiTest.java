package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
import io.bolide.testsupport.Await;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The group reset, delete and settings endpoints, the time-range message query and the charts'
 * metrics, against a real broker (ACL off) through the JDK's HTTP client.
 */
class GroupAdminApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    private Broker broker;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        broker = ConsoleApiTest.start(dir, Map.of());
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    private HttpResponse<String> call(String method, String path, String body) throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + broker.consolePort() + path));
        request.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode ok(String method, String path, String body, int status) throws Exception {
        HttpResponse<String> response = call(method, path, body);
        assertThat(response.statusCode())
                .as(method + " " + path + ": " + response.body())
                .isEqualTo(status);
        return JSON.readTree(response.body());
    }

    /** Topic T with three messages in queue 0; the time just before the second was stored. */
    private long topicWithThreeMessages() throws Exception {
        ok(
                "POST",
                "/api/topics",
                "{\"topic\":\"T\",\"readQueueNums\":1,\"writeQueueNums\":1}",
                201);
        ok("POST", "/api/topics/T/messages", "{\"body\":\"one\"}", 201);
        JsonNode first = ok("GET", "/api/messages?topic=T&queueId=0&offset=0", null, 200);
        long stored = first.get(0).get("storeTimestamp").asLong();
        Await.until(() -> System.currentTimeMillis() > stored + 5, "the clock past the first");
        long between = System.currentTimeMillis();
        ok("POST", "/api/topics/T/messages", "{\"body\":\"{\\\"n\\\":2}\"}", 201);
        ok("POST", "/api/topics/T/messages", "{\"body\":\"three\"}", 201);
        return between;
    }

    @Test
    void aGroupsOffsetsAreResetToEarliestLatestAndATime() throws Exception {
        long between = topicWithThreeMessages();
        JsonNode earliest =
                ok("POST", "/api/groups/G/reset", "{\"topic\":\"T\",\"to\":\"earliest\"}", 201);
        assertThat(earliest.get("topics").get(0).get("offsets").get("0").asLong()).isZero();
        // Nobody online: the offsets are stored all the same.
        assertThat(earliest.get("topics").get(0).get("consumersNotified").asBoolean()).isFalse();
        assertThat(ok("GET", "/api/groups/G", null, 200).get("totalLag").asLong()).isEqualTo(3);
        assertThat(ok("GET", "/api/metrics", null, 200).get("lag").get("G").asLong()).isEqualTo(3);

        ok("POST", "/api/groups/G/reset", "{\"to\":\"time\",\"timestamp\":" + between + "}", 201);
        assertThat(ok("GET", "/api/groups/G", null, 200).get("totalLag").asLong()).isEqualTo(2);
        ok("POST", "/api/groups/G/reset", "{\"to\":\"latest\"}", 201);
        JsonNode group = ok("GET", "/api/groups/G", null, 200);
        assertThat(group.get("totalLag").asLong()).isZero();
        assertThat(group.get("queues").get(0).get("consumerOffset").asLong()).isEqualTo(3);

        ok("POST", "/api/groups/G/reset", "{\"to\":\"yesterday\"}", 400);
        ok("POST", "/api/groups/G/reset", "{\"to\":\"time\"}", 400);
        ok("POST", "/api/groups/G/reset", "{\"topic\":\"Nope\",\"to\":\"latest\"}", 404);
        ok("POST", "/api/groups/Empty/reset", "{\"to\":\"latest\"}", 400);
    }

    @Test
    void aGroupsSettingsAndConsumeModeAreChangedAndTheGroupDeleted() throws Exception {
        topicWithThreeMessages();
        JsonNode before = ok("GET", "/api/groups/G/settings", null, 200);
        assertThat(before.get("consumeMessageOrderly").asBoolean()).isFalse();
        assertThat(before.get("retryMaxTimes").asInt()).isEqualTo(16);
        JsonNode after =
                ok(
                        "PUT",
                        "/api/groups/G/settings",
                        "{\"consumeMessageOrderly\":true,\"consumeBroadcastEnable\":false,"
                                + "\"retryMaxTimes\":3,\"modes\":[{\"topic\":\"T\","
                                + "\"mode\":\"POP\",\"popShareQueueNum\":2}]}",
                        200);
        assertThat(after.get("saved").asBoolean()).isTrue();
        assertThat(after.get("consumeMessageOrderly").asBoolean()).isTrue();
        assertThat(after.get("consumeBroadcastEnable").asBoolean()).isFalse();
        assertThat(after.get("retryMaxTimes").asInt()).isEqualTo(3);
        assertThat(after.get("modes").get(0).get("mode").asText()).isEqualTo("POP");
        assertThat(after.get("modes").get(0).get("popShareQueueNum").asInt()).isEqualTo(2);
        assertThat(ok("GET", "/api/groups/G/settings", null, 200).get("retryMaxTimes").asInt())
                .isEqualTo(3);

        ok("PUT", "/api/groups/G/settings", "{\"consumeEnable\":\"yes\"}", 400);
        ok("PUT", "/api/groups/G/settings", "{\"retryMaxTimes\":1000}", 400);
        ok("PUT", "/api/groups/G/settings", "{\"modes\":[{\"topic\":\"T\",\"mode\":\"X\"}]}", 400);
        ok(
                "PUT",
                "/api/groups/G/settings",
                "{\"modes\":[{\"topic\":\"No\",\"mode\":\"POP\"}]}",
                404);

        ok("POST", "/api/groups/G/reset", "{\"topic\":\"T\",\"to\":\"earliest\"}", 201);
        assertThat(ok("GET", "/api/groups", null, 200).toString()).contains("\"G\"");
        JsonNode deleted = ok("DELETE", "/api/groups/G", null, 200);
        assertThat(deleted.get("deleted").asBoolean()).isTrue();
        ok("GET", "/api/groups/G", null, 404);
        assertThat(ok("GET", "/api/groups/G/settings", null, 200).get("saved").asBoolean())
                .isFalse();
        ok("DELETE", "/api/groups/Never", null, 404);
    }

    @Test
    void messagesAreFoundByTimeRangeWithTheirBodies() throws Exception {
        long between = topicWithThreeMessages();
        JsonNode all = ok("GET", "/api/messages?topic=T&begin=0", null, 200);
        assertThat(all).hasSize(3);
        assertThat(all.get(0).get("bodyText").asText()).isEqualTo("one");
        JsonNode later = ok("GET", "/api/messages?topic=T&begin=" + between, null, 200);
        assertThat(later).hasSize(2);
        assertThat(later.get(0).get("bodyText").asText()).isEqualTo("{\"n\":2}");
        JsonNode before =
                ok("GET", "/api/messages?topic=T&begin=0&end=" + (between - 1), null, 200);
        assertThat(before).hasSize(1);
        assertThat(ok("GET", "/api/messages?topic=T&begin=0&max=2", null, 200)).hasSize(2);
        ok("GET", "/api/messages?topic=T&begin=10&end=5", null, 400);
        ok("GET", "/api/messages?topic=T&begin=x", null, 400);

        JsonNode metrics = ok("GET", "/api/metrics", null, 200);
        assertThat(metrics.get("disk").get("commitLogBytes").asLong()).isPositive();
        assertThat(metrics.has("putTps")).isTrue();
        assertThat(metrics.get("totalLag").asLong()).isZero();
    }
}
