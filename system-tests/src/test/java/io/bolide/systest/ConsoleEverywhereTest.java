package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The console's topic and group changes reach every broker set of the cluster (#35): a real name
 * server and two broker groups; what one broker's console changes is seen in the other's, and each
 * broker's outcome is reported, a broker that refuses shown as failed beside those that applied it.
 */
class ConsoleEverywhereTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient http = HttpClient.newHttpClient();

    @Test
    void topicAndGroupChangesFromOneConsoleReachEveryBrokerSet() throws Exception {
        try (Cluster cluster = new Cluster(1)) {
            Broker a = cluster.broker("a", "broker-a", c -> c.set("consolePort", "0"));
            Broker b = cluster.broker("b", "broker-b", c -> c.set("consolePort", "0"));
            String ca = console(a);
            String cb = console(b);

            JsonNode created =
                    send(ca, "POST", "/api/topics", "{\"topic\":\"T\",\"writeQueueNums\":1}");
            assertThat(outcomes(created)).containsExactly("broker-a ok", "broker-b ok");
            assertThat(created.get("failed").asInt()).isZero();
            assertThat(send(cb, "GET", "/api/topics/T", null).get("writeQueueNums").asInt())
                    .isEqualTo(1);

            send(ca, "POST", "/api/topics/T/messages", "{\"body\":\"on a\"}");
            send(cb, "POST", "/api/topics/T/messages", "{\"body\":\"on b\"}");
            send(cb, "POST", "/api/topics/T/messages", "{\"body\":\"on b too\"}");
            JsonNode reset =
                    send(ca, "POST", "/api/groups/G/reset", "{\"topic\":\"T\",\"to\":\"latest\"}");
            assertThat(outcomes(reset.get("topics").get(0)))
                    .containsExactly("broker-a ok", "broker-b ok");
            JsonNode onB = send(cb, "GET", "/api/groups/G", null);
            assertThat(onB.get("queues").get(0).get("consumerOffset").asLong()).isEqualTo(2);
            assertThat(
                            send(ca, "GET", "/api/groups/G", null)
                                    .get("queues")
                                    .get(0)
                                    .get("consumerOffset")
                                    .asLong())
                    .isEqualTo(1);

            JsonNode settings = send(ca, "PUT", "/api/groups/G/settings", "{\"retryMaxTimes\":5}");
            assertThat(outcomes(settings)).containsExactly("broker-a ok", "broker-b ok");
            JsonNode settingsOnB = send(cb, "GET", "/api/groups/G/settings", null);
            assertThat(settingsOnB.get("saved").asBoolean()).isTrue();
            assertThat(settingsOnB.get("retryMaxTimes").asInt()).isEqualTo(5);

            assertThat(outcomes(send(ca, "DELETE", "/api/groups/G", null)))
                    .containsExactly("broker-a ok", "broker-b ok");
            assertThat(send(cb, "GET", "/api/groups/G/settings", null).get("saved").asBoolean())
                    .isFalse();

            assertThat(outcomes(send(ca, "DELETE", "/api/topics/T", null)))
                    .containsExactly("broker-a ok", "broker-b ok");
            assertThat(call(cb, "GET", "/api/topics/T", null).statusCode()).isEqualTo(404);
        }
    }

    @Test
    void aBrokerThatRefusesIsReportedBesideThoseThatApplied() throws Exception {
        try (Cluster cluster = new Cluster(1)) {
            Broker a = cluster.broker("a", "broker-a", c -> c.set("consolePort", "0"));
            // An ACL broker: the console of broker-a (ACL off) sends it no credentials.
            cluster.broker(
                    "c",
                    "broker-c",
                    c ->
                            c.set("authenticationEnabled", "true")
                                    .set("authorizationEnabled", "true")
                                    .set(
                                            "initAuthenticationUser",
                                            "{\"username\":\"admin\",\"password\":\"admin-pw\"}"));
            JsonNode created = send(console(a), "POST", "/api/topics", "{\"topic\":\"P\"}");
            assertThat(outcomes(created)).containsExactly("broker-a ok", "broker-c failed");
            assertThat(created.get("failed").asInt()).isEqualTo(1);
            assertThat(created.get("brokers").get(1).get("error").asText()).isNotBlank();
            assertThat(send(console(a), "GET", "/api/topics/P", null).get("topic").asText())
                    .isEqualTo("P");
        }
    }

    private static String console(Broker broker) {
        return "http://127.0.0.1:" + broker.consolePort();
    }

    private static List<String> outcomes(JsonNode answer) {
        List<String> rows = new ArrayList<>();
        for (JsonNode row : answer.get("brokers")) {
            rows.add(
                    row.get("brokerName").asText()
                            + (row.get("ok").asBoolean() ? " ok" : " failed"));
        }
        return rows;
    }

    private HttpResponse<String> call(String console, String method, String path, String body)
            throws Exception {
        HttpRequest request =
                HttpRequest.newBuilder(URI.create(console + path))
                        .method(
                                method,
                                body == null
                                        ? HttpRequest.BodyPublishers.noBody()
                                        : HttpRequest.BodyPublishers.ofString(body))
                        .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    private JsonNode send(String console, String method, String path, String body)
            throws Exception {
        HttpResponse<String> response = call(console, method, path, body);
        assertThat(response.statusCode() / 100)
                .as(method + " " + path + ": " + response.body())
                .isEqualTo(2);
        return JSON.readTree(response.body());
    }
}
