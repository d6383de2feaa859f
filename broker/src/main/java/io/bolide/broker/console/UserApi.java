package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.UserInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ListUsersRequestHeader;
import io.bolide.protocol.header.UserRequestHeader;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Pattern;

/**
 * ACL 2.0 users: list, create, update, delete, through the broker's own AUTH_*_USER handlers
 * (3001–3005), signed as the session's user, so the same rules hold as for {@code bolide admin
 * user} (a Normal user needs {@code Cluster} Get to list and Update to change; only a Super user
 * makes or changes a Super user). A secret never leaves the broker: answers carry name, type and
 * status. Input is checked first, so a person reads what to fix rather than the handler's terse
 * remark.
 */
final class UserApi {
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_\\-.@]{1,64}");
    private static final int MIN_SECRET = 6;

    private final Changes changes;

    UserApi(Changes changes) {
        this.changes = changes;
    }

    void install(Routes routes) {
        routes.add(HttpMethod.GET, "/api/users", this::list);
        routes.add(HttpMethod.POST, "/api/users", this::create);
        routes.add(HttpMethod.PUT, "/api/users/{user}", this::update);
        routes.add(HttpMethod.DELETE, "/api/users/{user}", this::delete);
    }

    private CompletableFuture<Object> list(Request request) {
        return changes.call(
                request.caller(),
                RequestCode.AUTH_LIST_USER,
                new ListUsersRequestHeader().filter(request.param("search", null)),
                null,
                UserApi::users);
    }

    private static Object users(RemotingCommand response) {
        List<Map<String, Object>> users = new ArrayList<>();
        if (response.bodyLength() == 0) {
            return users;
        }
        UserInfo[] found = BodyCodec.decode(response.body(), UserInfo[].class);
        Arrays.sort(found, Comparator.comparing(UserInfo::username));
        for (UserInfo user : found) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("username", user.username());
            row.put("userType", user.userType());
            row.put("userStatus", user.userStatus());
            users.add(row);
        }
        return users;
    }

    private CompletableFuture<Object> create(Request request) {
        JsonNode body = request.jsonBody();
        String name = Request.textField(body, "username", null);
        if (name == null || !NAME.matcher(name).matches()) {
            throw ApiError.badRequest("'username' is required: 1 to 64 letters, digits or _ - . @");
        }
        String password = Request.textField(body, "password", null);
        if (password == null || password.length() < MIN_SECRET) {
            throw ApiError.badRequest(
                    "'password' (the user's secret key) is required, at least "
                            + MIN_SECRET
                            + " characters");
        }
        return save(request, RequestCode.AUTH_CREATE_USER, name, body, password, "created");
    }

    private CompletableFuture<Object> update(Request request) {
        JsonNode body = request.jsonBody();
        String password = Request.textField(body, "password", null);
        if (password != null && !password.isEmpty() && password.length() < MIN_SECRET) {
            throw ApiError.badRequest(
                    "a new 'password' needs at least " + MIN_SECRET + " characters");
        }
        return save(
                request,
                RequestCode.AUTH_UPDATE_USER,
                request.path("user"),
                body,
                password,
                "updated");
    }

    private CompletableFuture<Object> save(
            Request request, int code, String name, JsonNode body, String password, String result) {
        String type = oneOf(body, "userType", "Super", "Normal");
        String status = oneOf(body, "userStatus", "enable", "disable");
        byte[] json = BodyCodec.encode(new UserInfo(name, password, type, status));
        return changes.call(
                request.caller(),
                code,
                new UserRequestHeader().username(name),
                Unpooled.wrappedBuffer(json),
                response -> Map.of("username", name, "result", result));
    }

    private CompletableFuture<Object> delete(Request request) {
        String name = request.path("user");
        if (name.equals(request.caller().name())) {
            throw ApiError.badRequest(
                    "you are logged in as "
                            + name
                            + ": log in as another"
                            + " administrator to delete this user");
        }
        return changes.call(
                request.caller(),
                RequestCode.AUTH_DELETE_USER,
                new UserRequestHeader().username(name),
                null,
                response -> Map.of("username", name, "result", "deleted"));
    }

    /** A field that must be one of {@code allowed} (any case), or null when absent. */
    static String oneOf(JsonNode body, String field, String... allowed) {
        String value = Request.textField(body, field, null);
        if (value == null || value.isEmpty()) {
            return null;
        }
        for (String one : allowed) {
            if (one.equalsIgnoreCase(value)) {
                return one;
            }
        }
        throw ApiError.badRequest(
                "'"
                        + field
                        + "' must be one of "
                        + String.join(", ", allowed)
                        + ", not '"
                        + value.toLowerCase(Locale.ROOT)
                        + "'");
    }
}
