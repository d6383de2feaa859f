package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
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

/** The console's HTTP API against a real broker, through the JDK's HTTP client. */
class ConsoleApiTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    private Broker broker;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        broker = start(dir, Map.of());
    }

    static Broker start(Path dir, Map<String, String> extra) throws IOException {
        BrokerConfig.Builder config =
                BrokerConfig.builder()
                        .storePathRootDir(dir)
                        .listenPort(0)
                        .brokerIP1("127.0.0.1")
                        .set("bindAddress", "127.0.0.1")
                        .set("consolePort", "0")
                        .set("mapedFileSizeCommitLog", Integer.toString(16 * 1024 * 1024));
        extra.forEach(config::set);
        return Broker.start(config.build());
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    private HttpResponse<String> call(String method, String path, String body) throws Exception {
        return call(method, path, body, null);
    }

    private HttpResponse<String> call(String method, String path, String body, String origin)
            throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + broker.consolePort() + path));
        if (origin != null) {
            request.header("Origin", origin);
        }
        request.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    @Test
    void clusterNamesTheBrokerItsVersionAndTraffic() throws Exception {
        HttpResponse<String> response = call("GET", "/api/cluster", null);
        assertThat(response.statusCode()).isEqualTo(200);
        JsonNode broker0 = json(response).get("brokers").get(0);
        assertThat(broker0.get("address").asText()).isEqualTo(broker.address());
        assertThat(broker0.get("version").asText()).startsWith("V5_");
        assertThat(broker0.get("disk").get("totalBytes").asLong()).isPositive();
        assertThat(broker0.get("tps").has("putTps")).isTrue();
        // No name server configured: the page says so instead of listing other groups.
        assertThat(json(response).get("clusters")).isEmpty();
        assertThat(json(response).get("error").asText())
                .isEqualTo("no name server is configured (namesrvAddr)");
        assertThat(call("GET", "/api/dlq", null).body()).isEqualTo("[]");
        assertError(call("POST", "/api/groups/nobody/dlq/resend", null), 409);
    }

    @Test
    void topicIsCreatedListedUpdatedSentToFoundAndDeleted() throws Exception {
        HttpResponse<String> created =
                call(
                        "POST",
                        "/api/topics",
                        "{\"topic\":\"ConsoleT\",\"readQueueNums\":2,\"writeQueueNums\":2}");
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);
        assertThat(call("GET", "/api/topics?search=consolet", null).body())
                .contains("\"ConsoleT\"");
        assertThat(call("POST", "/api/topics", "{\"topic\":\"ConsoleT\"}").statusCode())
                .isEqualTo(409);

        HttpResponse<String> updated =
                call("PUT", "/api/topics/ConsoleT", "{\"writeQueueNums\":3,\"readQueueNums\":3}");
        assertThat(json(updated).get("writeQueueNums").asInt()).isEqualTo(3);

        HttpResponse<String> sent =
                call(
                        "POST",
                        "/api/topics/ConsoleT/messages",
                        "{\"body\":\"hello console\",\"keys\":\"k-1\",\"queueId\":1}");
        assertThat(sent.statusCode()).as(sent.body()).isEqualTo(201);
        JsonNode receipt = json(sent);
        assertThat(receipt.get("queueId").asInt()).isEqualTo(1);

        JsonNode byOffsetId =
                json(call("GET", "/api/messages/" + receipt.get("offsetMsgId").asText(), null));
        assertThat(byOffsetId.get("bodyText").asText()).isEqualTo("hello console");
        assertThat(byOffsetId.get("keys").asText()).isEqualTo("k-1");
        assertThat(byOffsetId.get("bodyHex").asText()).startsWith("68656c6c6f");

        JsonNode byPosition =
                json(call("GET", "/api/messages?topic=ConsoleT&queueId=1&offset=0", null));
        assertThat(byPosition.get(0).get("msgId").asText())
                .isEqualTo(receipt.get("msgId").asText());

        JsonNode status = json(call("GET", "/api/topics/ConsoleT", null));
        assertThat(status.get("queues").get(1).get("maxOffset").asLong()).isEqualTo(1);
        assertThat(
                        json(call("GET", "/api/topics/ConsoleT/route", null))
                                .get("queueDatas")
                                .get(0)
                                .get("writeQueueNums")
                                .asInt())
                .isEqualTo(3);

        assertThat(call("DELETE", "/api/topics/ConsoleT", null).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/api/topics/ConsoleT", null).statusCode()).isEqualTo(404);
    }

    @Test
    void messagesAreFoundByKeyOnceIndexed() throws Exception {
        call("POST", "/api/topics", "{\"topic\":\"KeyT\"}");
        call("POST", "/api/topics/KeyT/messages", "{\"body\":\"keyed\",\"keys\":\"order-7\"}");
        Await.until(
                () -> find("/api/messages?topic=KeyT&key=order-7").size() == 1,
                "the message indexed by its key");
        JsonNode found = find("/api/messages?topic=KeyT&key=order-7");
        assertThat(found.get(0).get("bodyText").asText()).isEqualTo("keyed");
    }

    @Test
    void aTraceIsReadFromTheTraceTopicByMessageIdAndUnreadableRecordsAreCounted() throws Exception {
        String id = "7F0000010000" + "A".repeat(20);
        assertError(call("GET", "/api/messages/" + id + "/trace", null), 404);
        call("POST", "/api/topics", "{\"topic\":\"MyTrace\"}");
        // One trace body as a client batches it: a record of this message, one of another
        // message, and one no client wrote.
        String pub = "Pub\\u00011700000000001\\u0001r\\u0001pg\\u0001T\\u0001" + id;
        String rest =
                "\\u0001tag\\u0001k\\u0001h:1\\u00015\\u00012\\u00010\\u0001OFF\\u0001true\\u0002";
        String other = "Pub\\u00011\\u0001r\\u0001pg\\u0001T\\u0001OTHER" + rest;
        String body = pub + rest + other + "not a record\\u0002";
        call(
                "POST",
                "/api/topics/MyTrace/messages",
                "{\"body\":\"" + body + "\",\"keys\":\"" + id + " OTHER\"}");
        String path = "/api/messages/" + id + "/trace?traceTopic=MyTrace";
        Await.until(() -> find(path).get("records").size() == 1, "the trace indexed by message id");
        JsonNode trace = find(path);
        assertThat(trace.get("unreadable").asInt()).isEqualTo(1);
        JsonNode record = trace.get("records").get(0);
        assertThat(record.get("type").asText()).isEqualTo("Pub");
        assertThat(record.get("group").asText()).isEqualTo("pg");
        assertThat(record.get("timestamp").asLong()).isEqualTo(1_700_000_000_001L);
        assertThat(record.get("success").asBoolean()).isTrue();
    }

    private JsonNode find(String path) {
        try {
            return json(call("GET", path, null));
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void hostileInputIsRefusedWithJsonAndTheConsoleKeepsServing() throws Exception {
        assertError(call("POST", "/api/topics", "{not json"), 400);
        assertError(call("POST", "/api/topics", "[1,2]"), 400);
        assertError(call("POST", "/api/topics", "{\"topic\":\"bad topic!\"}"), 400);
        assertError(call("POST", "/api/topics", "{\"topic\":\"T2\",\"readQueueNums\":\"x\"}"), 400);
        assertError(call("POST", "/api/topics", "{\"topic\":\"T2\",\"readQueueNums\":0}"), 400);
        assertError(call("GET", "/api/messages?topic=TBW102&queueId=abc", null), 400);
        assertError(call("GET", "/api/messages/zz", null), 400);
        assertError(call("GET", "/api/messages/" + "0".repeat(32), null), 404);
        assertError(call("GET", "/api/nothing", null), 404);
        assertError(call("DELETE", "/api/cluster", null), 405);
        assertError(call("GET", "/api/topics/%2e%2e", null), 400);
        assertError(call("GET", "/../../etc/passwd", null), 400);
        assertError(call("GET", "/vendor/../app.mjs", null), 400);
        assertError(call("GET", "/assets.txt", null), 404);
        assertError(
                call("POST", "/api/topics", "{\"topic\":\"" + "x".repeat(2_000_000) + "\"}"), 413);
        assertThat(call("GET", "/", null).body()).contains("app.mjs");
        assertThat(call("GET", "/api/cluster", null).statusCode()).isEqualTo(200);
    }

    private void assertError(HttpResponse<String> response, int status) throws IOException {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        if (status != 413) {
            assertThat(json(response).get("error").asText()).isNotEmpty();
        }
    }

    @Test
    void withAclOffNoLoginIsNeeded() throws Exception {
        assertThat(json(call("GET", "/api/session", null)).get("loginRequired").asBoolean())
                .isFalse();
        assertError(call("POST", "/api/login", "{\"accessKey\":\"a\",\"secretKey\":\"b\"}"), 400);
        assertError(call("POST", "/api/topics", "{\"topic\":\"X\"}", "http://evil.example"), 403);
    }
}
