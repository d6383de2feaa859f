package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.Broker;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Under ACL 2.0: a Normal user resets, changes and deletes only the groups its policies allow; an
 * expired session (idle past 30 minutes, or 12 hours after login, on a clock the test moves) is
 * refused.
 */
class GroupAclApiTest {
    @TempDir Path dir;

    private Broker broker;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        broker = ConsoleLoginTest.startWithAcl(dir);
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    private HttpResponse<String> call(String method, String path, String body, String cookie)
            throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + broker.consolePort() + path));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
        request.method(
                method,
                body == null
                        ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private String login(String body) throws Exception {
        HttpResponse<String> response = call("POST", "/api/login", body, null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String setCookie = response.headers().firstValue("Set-Cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    private void expect(HttpResponse<String> response, int status, String says) throws Exception {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        if (says != null) {
            assertThat(ConsoleLoginTest.json(response).get("error").asText()).contains(says);
        }
    }

    @Test
    void aNormalUserResetsChangesAndDeletesOnlyTheGroupsItsPolicyAllows() throws Exception {
        String admin = login(ConsoleLoginTest.ADMIN_LOGIN);
        expect(call("POST", "/api/topics", "{\"topic\":\"Orders\"}", admin), 201, null);
        expect(
                call(
                        "POST",
                        "/api/users",
                        "{\"username\":\"bob\",\"password\":\"bob-secret\"}",
                        admin),
                201,
                null);
        expect(
                call(
                        "POST",
                        "/api/acls/bob",
                        "{\"entries\":[{\"resource\":\"Group:mine\",\"actions\":[\"All\"],"
                                + "\"decision\":\"Allow\"},{\"resource\":\"Topic:Orders\","
                                + "\"actions\":[\"All\"],\"decision\":\"Allow\"},"
                                + "{\"resource\":\"Group:theirs\",\"actions\":[\"Get\"],"
                                + "\"decision\":\"Allow\"}]}",
                        admin),
                201,
                null);
        expect(
                call(
                        "POST",
                        "/api/groups/theirs/reset",
                        "{\"topic\":\"Orders\",\"to\":\"earliest\"}",
                        admin),
                201,
                null);

        String bob = login("{\"accessKey\":\"bob\",\"secretKey\":\"bob-secret\"}");
        JsonNode reset =
                ConsoleLoginTest.json(
                        call(
                                "POST",
                                "/api/groups/mine/reset",
                                "{\"topic\":\"Orders\"," + "\"to\":\"latest\"}",
                                bob));
        assertThat(reset.get("topics").get(0).get("topic").asText()).isEqualTo("Orders");
        expect(
                call("PUT", "/api/groups/mine/settings", "{\"consumeMessageOrderly\":true}", bob),
                200,
                null);
        expect(call("DELETE", "/api/groups/mine", null, bob), 200, null);

        // Get on the other group: its settings are shown, nothing changes.
        expect(call("GET", "/api/groups/theirs/settings", null, bob), 200, null);
        expect(
                call("POST", "/api/groups/theirs/reset", "{\"to\":\"latest\"}", bob),
                403,
                "Group:theirs");
        expect(
                call("PUT", "/api/groups/theirs/settings", "{\"consumeEnable\":false}", bob),
                403,
                "Group:theirs");
        expect(call("DELETE", "/api/groups/theirs", null, bob), 403, "Group:theirs");
        expect(call("GET", "/api/groups/other/settings", null, bob), 403, "Group:other");
        assertThat(
                        ConsoleLoginTest.json(call("GET", "/api/groups/theirs", null, admin))
                                .get("group")
                                .asText())
                .isEqualTo("theirs");
        // The chart's lag lists only the groups the user may read.
        JsonNode metrics = ConsoleLoginTest.json(call("GET", "/api/metrics", null, bob));
        assertThat(metrics.get("lag").has("theirs")).isTrue();
        expect(call("GET", "/api/metrics", null, null), 401, "log in");
    }

    @Test
    void anExpiredSessionIsRefused() throws Exception {
        AtomicLong now = new AtomicLong(1_000_000_000L);
        broker.console().sessions().clock(now::get);
        String idle = login(ConsoleLoginTest.ADMIN_LOGIN);
        expect(call("GET", "/api/topics", null, idle), 200, null);
        now.addAndGet(Sessions.IDLE_MILLIS + 1);
        expect(call("GET", "/api/topics", null, idle), 401, "expired");
        // Gone for good: moving back does not revive it.
        now.addAndGet(-Sessions.IDLE_MILLIS);
        expect(call("GET", "/api/topics", null, idle), 401, "log in");

        String busy = login(ConsoleLoginTest.ADMIN_LOGIN);
        long loggedIn = now.get();
        while (now.get() - loggedIn <= Sessions.MAX_MILLIS - Sessions.IDLE_MILLIS / 2) {
            expect(call("GET", "/api/session", null, busy), 200, null);
            expect(call("GET", "/api/topics", null, busy), 200, null);
            now.addAndGet(Sessions.IDLE_MILLIS / 2);
        }
        now.set(loggedIn + Sessions.MAX_MILLIS + 1);
        expect(call("GET", "/api/topics", null, busy), 401, "expired");
    }
}
