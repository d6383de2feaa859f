package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.broker.auth.ConsoleAccess;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * The login (ACL 2.0's access key and secret key, the broker's own users), the logout and what the
 * page asks first: whether a login is needed and who is logged in. These three paths are served
 * without a session; every other API path needs one when ACL is on.
 */
final class LoginApi {
    /** The paths served without a session. */
    static final Set<String> OPEN = Set.of("login", "logout", "session");

    private final ConsoleAccess access;
    private final Sessions sessions;
    private final LoginThrottle throttle = new LoginThrottle();

    LoginApi(ConsoleAccess access, Sessions sessions) {
        this.access = access;
        this.sessions = sessions;
    }

    void install(Routes routes) {
        routes.sync(HttpMethod.POST, "/api/login", this::login);
        routes.sync(HttpMethod.POST, "/api/logout", this::logout);
        routes.sync(HttpMethod.GET, "/api/session", this::session);
    }

    private Reply login(Request request) {
        if (!access.required()) {
            throw ApiError.badRequest("authentication is off on this broker: no login is needed");
        }
        JsonNode body = request.jsonBody();
        String accessKey = Request.textField(body, "accessKey", null);
        String secretKey = Request.textField(body, "secretKey", null);
        if (accessKey == null || accessKey.isBlank() || secretKey == null || secretKey.isEmpty()) {
            throw ApiError.badRequest("give 'accessKey' and 'secretKey' (an ACL 2.0 user's)");
        }
        String address = request.caller().peer().getAddress().getHostAddress();
        long now = sessions.now();
        String locked = throttle.refusal(accessKey, address, now);
        if (locked != null) {
            throw new ApiError(HttpResponseStatus.TOO_MANY_REQUESTS, locked);
        }
        ConsoleAccess.Login login = access.login(accessKey, secretKey);
        if (login == null) {
            throttle.failed(accessKey, address, now);
            throw new ApiError(
                    HttpResponseStatus.UNAUTHORIZED,
                    "wrong access key or secret key, or the user is disabled");
        }
        throttle.succeeded(accessKey, address);
        String token = sessions.open(login, now);
        return new Reply(who(login), Reply.cookie(token));
    }

    private Reply logout(Request request) {
        sessions.close(request.token());
        return new Reply(Map.of("loggedOut", true), Reply.clearCookie());
    }

    private Map<String, Object> session(Request request) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("loginRequired", access.required());
        if (!access.required()) {
            return answer;
        }
        ConsoleAccess.Login login = sessions.use(request.token(), sessions.now());
        ConsoleAccess.Login now = login == null ? null : access.recheck(login);
        if (now == null) {
            sessions.close(request.token());
            answer.put("user", null);
            return answer;
        }
        answer.putAll(who(now));
        return answer;
    }

    private static Map<String, Object> who(ConsoleAccess.Login login) {
        Map<String, Object> answer = new LinkedHashMap<>();
        answer.put("loginRequired", true);
        answer.put("user", login.user());
        answer.put("userType", login.superUser() ? "Super" : "Normal");
        return answer;
    }
}
