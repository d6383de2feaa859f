package io.bolide.broker.console;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The API's routes: a method and a path pattern whose {@code {name}} segments match one non-empty
 * segment each. A path no route matches is a 404; a path some route matches with another method is
 * a 405.
 */
final class Routes {
    /** What a route runs: a JSON-able answer (a record, map or list), now or later. */
    interface Handler {
        CompletableFuture<Object> handle(Request request) throws Exception;
    }

    /** A handler whose answer is ready at once. */
    interface SyncHandler {
        Object handle(Request request) throws Exception;
    }

    private record Route(HttpMethod method, String[] segments, Handler handler) {}

    /** A matched route and the path's named parts. */
    record Match(Handler handler, Map<String, String> params) {}

    private final List<Route> routes = new ArrayList<>();

    Routes add(HttpMethod method, String pattern, Handler handler) {
        routes.add(new Route(method, split(pattern), handler));
        return this;
    }

    Routes sync(HttpMethod method, String pattern, SyncHandler handler) {
        return add(
                method,
                pattern,
                request -> CompletableFuture.completedFuture(handler.handle(request)));
    }

    /** The route for {@code method} and decoded path segments; 404 or 405 when there is none. */
    Match match(HttpMethod method, List<String> path) {
        boolean pathKnown = false;
        for (Route route : routes) {
            Map<String, String> params = matches(route.segments(), path);
            if (params == null) {
                continue;
            }
            if (route.method().equals(method)) {
                return new Match(route.handler(), params);
            }
            pathKnown = true;
        }
        if (pathKnown) {
            throw new ApiError(
                    HttpResponseStatus.METHOD_NOT_ALLOWED,
                    "method " + method + " is not allowed here");
        }
        throw ApiError.notFound("no such API path");
    }

    private static Map<String, String> matches(String[] pattern, List<String> path) {
        if (pattern.length != path.size()) {
            return null;
        }
        Map<String, String> params = new HashMap<>();
        for (int i = 0; i < pattern.length; i++) {
            String want = pattern[i];
            String got = path.get(i);
            if (want.startsWith("{")) {
                if (got.isEmpty()) {
                    return null;
                }
                params.put(want.substring(1, want.length() - 1), got);
            } else if (!want.equals(got)) {
                return null;
            }
        }
        return params;
    }

    private static String[] split(String pattern) {
        return pattern.substring(1).split("/");
    }
}
