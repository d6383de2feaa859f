package io.bolide.broker.console;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
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
 * The console under ACL 2.0 against a real broker: the login, the session cookie, the checks of
 * every request (a user's policies as the remoting gate applies them), the refusals.
 */
class ConsoleLoginTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final String ADMIN_LOGIN = "{\"accessKey\":\"admin\",\"secretKey\":\"admin-secret-1\"}";

    @TempDir Path dir;

    private Broker broker;
    private final HttpClient http = HttpClient.newHttpClient();

    @BeforeEach
    void start() throws IOException {
        broker = startWithAcl(dir);
    }

    /** A broker with authentication and authorization on and one Super user, admin. */
    static Broker startWithAcl(Path dir) throws IOException {
        return ConsoleApiTest.start(
                dir,
                Map.of(
                        "authenticationEnabled", "true",
                        "authorizationEnabled", "true",
                        "initAuthenticationUser",
                                "{\"username\":\"admin\",\"password\":\"admin-secret-1\"}"));
    }

    @AfterEach
    void stop() {
        broker.close();
    }

    HttpResponse<String> call(String method, String path, String body, String cookie)
            throws Exception {
        return call(method, path, body, cookie, null);
    }

    private HttpResponse<String> call(
            String method, String path, String body, String cookie, String origin)
            throws Exception {
        HttpRequest.Builder request =
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + broker.consolePort() + path));
        if (cookie != null) {
            request.header("Cookie", cookie);
        }
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

    static JsonNode json(HttpResponse<String> response) throws IOException {
        return JSON.readTree(response.body());
    }

    /** Logs in and answers the cookie to send back ({@code name=value}). */
    String login(String body) throws Exception {
        HttpResponse<String> response = call("POST", "/api/login", body, null);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        String setCookie = response.headers().firstValue("Set-Cookie").orElseThrow();
        return setCookie.substring(0, setCookie.indexOf(';'));
    }

    @Test
    void withoutASessionTheApiShowsNothingButThePageAndItsLoginAreServed() throws Exception {
        HttpResponse<String> refused = call("GET", "/api/topics", null, null);
        assertThat(refused.statusCode()).isEqualTo(401);
        assertThat(json(refused).get("error").asText()).contains("POST /api/login");
        assertThat(call("GET", "/api/cluster", null, null).statusCode()).isEqualTo(401);
        assertThat(call("GET", "/", null, null).body()).contains("app.mjs");
        JsonNode session = json(call("GET", "/api/session", null, null));
        assertThat(session.get("loginRequired").asBoolean()).isTrue();
        assertThat(session.get("user").isNull()).isTrue();
    }

    @Test
    void aWrongSecretOrUnknownUserIsOneRefusal() throws Exception {
        HttpResponse<String> wrong =
                call(
                        "POST",
                        "/api/login",
                        "{\"accessKey\":\"admin\",\"secretKey\":\"nope\"}",
                        null);
        HttpResponse<String> unknown =
                call(
                        "POST",
                        "/api/login",
                        "{\"accessKey\":\"ghost\",\"secretKey\":\"nope\"}",
                        null);
        assertThat(wrong.statusCode()).isEqualTo(401);
        assertThat(unknown.statusCode()).isEqualTo(401);
        assertThat(wrong.body()).isEqualTo(unknown.body());
        assertThat(wrong.headers().firstValue("Set-Cookie")).isEmpty();
        assertThat(call("POST", "/api/login", "{\"accessKey\":\"admin\"}", null).statusCode())
                .isEqualTo(400);
    }

    @Test
    void repeatedFailedLoginsLockTheAccessKeyOutEvenWithTheRightSecret() throws Exception {
        String wrong = "{\"accessKey\":\"admin\",\"secretKey\":\"guess\"}";
        for (int i = 0; i < LoginThrottle.USER_FAILURES; i++) {
            assertThat(call("POST", "/api/login", wrong, null).statusCode()).isEqualTo(401);
        }
        HttpResponse<String> locked = call("POST", "/api/login", ADMIN_LOGIN, null);
        assertThat(locked.statusCode()).isEqualTo(429);
        assertThat(json(locked).get("error").asText())
                .contains("too many failed logins for access key 'admin'", "try again in");
        assertThat(locked.headers().firstValue("Set-Cookie")).isEmpty();
    }

    @Test
    void aSessionIsAnHttpOnlyCookieWithoutTheSecretAndEndsAtLogout() throws Exception {
        HttpResponse<String> response = call("POST", "/api/login", ADMIN_LOGIN, null);
        String setCookie = response.headers().firstValue("Set-Cookie").orElseThrow();
        assertThat(setCookie).contains("HttpOnly", "SameSite=Strict", "Max-Age=");
        assertThat(setCookie + response.body()).doesNotContain("admin-secret-1");
        assertThat(json(response).get("userType").asText()).isEqualTo("Super");
        String cookie = setCookie.substring(0, setCookie.indexOf(';'));

        assertThat(call("GET", "/api/topics", null, cookie).statusCode()).isEqualTo(200);
        assertThat(json(call("GET", "/api/session", null, cookie)).get("user").asText())
                .isEqualTo("admin");
        HttpResponse<String> created =
                call("POST", "/api/topics", "{\"topic\":\"AdminT\"}", cookie);
        assertThat(created.statusCode()).as(created.body()).isEqualTo(201);

        assertThat(call("GET", "/api/topics", null, Sessions.COOKIE + "=forged").statusCode())
                .isEqualTo(401);
        assertThat(call("POST", "/api/logout", null, cookie).statusCode()).isEqualTo(200);
        assertThat(call("GET", "/api/topics", null, cookie).statusCode()).isEqualTo(401);
    }

    @Test
    void aChangeFromAnotherSitesPageIsRefused() throws Exception {
        String cookie = login(ADMIN_LOGIN);
        HttpResponse<String> refused =
                call("POST", "/api/topics", "{\"topic\":\"CsrfT\"}", cookie, "http://evil.example");
        assertThat(refused.statusCode()).isEqualTo(403);
        assertThat(json(refused).get("error").asText()).contains("cross-site");
        String own = "http://127.0.0.1:" + broker.consolePort();
        assertThat(call("POST", "/api/topics", "{\"topic\":\"CsrfT\"}", cookie, own).statusCode())
                .isEqualTo(201);
    }

    @Test
    void aNormalUserReadsAndChangesOnlyWhatItsPolicyAllows() throws Exception {
        String admin = login(ADMIN_LOGIN);
        assertThat(call("POST", "/api/topics", "{\"topic\":\"Allowed\"}", admin).statusCode())
                .isEqualTo(201);
        assertThat(call("POST", "/api/topics", "{\"topic\":\"Hidden\"}", admin).statusCode())
                .isEqualTo(201);
        HttpResponse<String> user =
                call(
                        "POST",
                        "/api/users",
                        "{\"username\":\"alice\",\"password\":\"alice-secret\"}",
                        admin);
        assertThat(user.statusCode()).as(user.body()).isEqualTo(201);
        HttpResponse<String> acl =
                call(
                        "POST",
                        "/api/acls/alice",
                        "{\"entries\":[{\"resource\":\"Topic:Allowed\","
                                + "\"actions\":[\"Pub\",\"Get\"],\"decision\":\"Allow\"}]}",
                        admin);
        assertThat(acl.statusCode()).as(acl.body()).isEqualTo(201);
        JsonNode users = json(call("GET", "/api/users", null, admin));
        assertThat(users.toString()).contains("alice").doesNotContain("alice-secret");
        assertThat(call("GET", "/api/acls", null, admin).body()).contains("Topic:Allowed");

        String alice = login("{\"accessKey\":\"alice\",\"secretKey\":\"alice-secret\"}");
        JsonNode topics = json(call("GET", "/api/topics", null, alice));
        assertThat(topics).hasSize(1);
        assertThat(topics.get(0).get("topic").asText()).isEqualTo("Allowed");
        HttpResponse<String> sent =
                call("POST", "/api/topics/Allowed/messages", "{\"body\":\"ok\"}", alice);
        assertThat(sent.statusCode()).as(sent.body()).isEqualTo(201);

        String offsetMsgId = json(sent).get("offsetMsgId").asText();
        HttpResponse<String> dlq = call("GET", "/api/groups/billing/dlq", null, alice);
        assertThat(dlq.statusCode()).isEqualTo(403);
        assertThat(json(dlq).get("error").asText()).contains("Group:billing");
        HttpResponse<String> resend =
                call(
                        "POST",
                        "/api/groups/billing/resend",
                        "{\"offsetMsgId\":\"" + offsetMsgId + "\"}",
                        admin);
        assertThat(resend.statusCode()).as(resend.body()).isEqualTo(409);
        assertThat(json(resend).get("error").asText()).contains("no consumer of group billing");
        assertThat(json(call("GET", "/api/groups/billing/dlq", null, admin)).get("total").asInt())
                .isZero();

        HttpResponse<String> hidden = call("GET", "/api/topics/Hidden", null, alice);
        assertThat(hidden.statusCode()).isEqualTo(403);
        assertThat(json(hidden).get("error").asText())
                .contains("User:alice has no permission to access Topic:Hidden");
        HttpResponse<String> send =
                call("POST", "/api/topics/Hidden/messages", "{\"body\":\"no\"}", alice);
        assertThat(send.statusCode()).as(send.body()).isEqualTo(403);
        assertThat(call("POST", "/api/topics", "{\"topic\":\"New\"}", alice).statusCode())
                .isEqualTo(403);
        assertThat(call("GET", "/api/users", null, alice).statusCode()).isEqualTo(403);
        HttpResponse<String> escalate =
                call(
                        "POST",
                        "/api/users",
                        "{\"username\":\"mallory\",\"password\":\"mallory1\","
                                + "\"userType\":\"Super\"}",
                        alice);
        assertThat(escalate.statusCode()).as(escalate.body()).isEqualTo(403);

        // Disabled by the admin: alice's session ends at its next request.
        assertThat(
                        call("PUT", "/api/users/alice", "{\"userStatus\":\"disable\"}", admin)
                                .statusCode())
                .isEqualTo(200);
        HttpResponse<String> after = call("GET", "/api/topics", null, alice);
        assertThat(after.statusCode()).isEqualTo(401);
        assertThat(json(after).get("error").asText()).contains("log in again");
    }

    @Test
    void userAndAclInputIsRefusedWithWhatToFix() throws Exception {
        String admin = login(ADMIN_LOGIN);
        assertRefused(call("POST", "/api/users", "{\"username\":\"bad name\"}", admin), "username");
        assertRefused(
                call("POST", "/api/users", "{\"username\":\"bob\",\"password\":\"x\"}", admin),
                "at least 6");
        assertRefused(
                call(
                        "POST",
                        "/api/users",
                        "{\"username\":\"bob\",\"password\":\"bob-secret\",\"userType\":\"root\"}",
                        admin),
                "Super, Normal");
        call("POST", "/api/users", "{\"username\":\"bob\",\"password\":\"bob-secret\"}", admin);
        assertRefused(
                call(
                        "POST",
                        "/api/users",
                        "{\"username\":\"bob\",\"password\":\"bob-secret\"}",
                        admin),
                "existed");
        assertRefused(call("POST", "/api/acls/bob", "{\"entries\":[]}", admin), "entries");
        assertRefused(
                call(
                        "POST",
                        "/api/acls/bob",
                        "{\"entries\":[{\"resource\":\"Queue:x\",\"actions\":[\"Pub\"]}]}",
                        admin),
                "entry 1: resource 'Queue:x'");
        assertRefused(
                call(
                        "POST",
                        "/api/acls/bob",
                        "{\"entries\":[{\"resource\":\"Topic:x\",\"actions\":[\"Fly\"]}]}",
                        admin),
                "action 'Fly'");
        assertRefused(
                call(
                        "POST",
                        "/api/acls/nobody",
                        "{\"entries\":[{\"resource\":\"Topic:x\",\"actions\":[\"Pub\"]}]}",
                        admin),
                "not exist");
    }

    private static void assertRefused(HttpResponse<String> response, String says)
            throws IOException {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(400);
        assertThat(json(response).get("error").asText()).contains(says);
    }
}
