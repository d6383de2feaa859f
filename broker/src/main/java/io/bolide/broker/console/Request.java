package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.List;
import java.util.Map;

/**
 * One API request as the handlers see it: the path's named parts, the query parameters and the
 * body, with typed getters that turn a missing or malformed value into a 400 naming it.
 */
final class Request {
    private final Map<String, String> pathParams;
    private final Map<String, List<String>> query;
    private final byte[] body;
    private final ObjectMapper json;
    private final Caller caller;
    private final String token;

    Request(
            Map<String, String> pathParams,
            Map<String, List<String>> query,
            byte[] body,
            ObjectMapper json,
            Caller caller,
            String token) {
        this.pathParams = pathParams;
        this.query = query;
        this.body = body;
        this.json = json;
        this.caller = caller;
        this.token = token;
    }

    /** Who asks; its checks decide what it may read and change. */
    Caller caller() {
        return caller;
    }

    /** The session cookie's value, or null. */
    String token() {
        return token;
    }

    /** A named part of the path ({@code /api/topics/{topic}}), never empty. */
    String path(String name) {
        return pathParams.get(name);
    }

    /** A query parameter, or {@code fallback} when absent. */
    String param(String name, String fallback) {
        List<String> values = query.get(name);
        return values == null || values.isEmpty() ? fallback : values.get(0);
    }

    /** A required query parameter. */
    String param(String name) {
        String value = param(name, null);
        if (value == null || value.isEmpty()) {
            throw ApiError.badRequest("missing query parameter '" + name + "'");
        }
        return value;
    }

    long longParam(String name, long fallback, long min, long max) {
        String text = param(name, null);
        if (text == null) {
            return fallback;
        }
        return bounded(name, text, min, max);
    }

    static long bounded(String name, String text, long min, long max) {
        long value;
        try {
            value = Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw ApiError.badRequest("'" + name + "' must be a whole number, not '" + text + "'");
        }
        if (value < min || value > max) {
            throw ApiError.badRequest("'" + name + "' must be in " + min + ".." + max);
        }
        return value;
    }

    /** Whether the request has a body at all. */
    boolean hasBody() {
        return body.length > 0;
    }

    /** The body as a JSON object; 400 when it is empty, malformed or not an object. */
    JsonNode jsonBody() {
        if (body.length == 0) {
            throw ApiError.badRequest("a JSON object body is required");
        }
        JsonNode node;
        try {
            node = json.readTree(body);
        } catch (IOException e) {
            throw ApiError.badRequest("the body is not valid JSON");
        }
        if (node == null || !node.isObject()) {
            throw ApiError.badRequest("the body must be a JSON object");
        }
        return node;
    }

    /** An integer field of a JSON body, within bounds, or {@code fallback} when absent. */
    static int intField(JsonNode body, String name, int fallback, int min, int max) {
        JsonNode node = body.get(name);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw ApiError.badRequest("'" + name + "' must be a whole number");
        }
        int value = node.intValue();
        if (value < min || value > max) {
            throw ApiError.badRequest("'" + name + "' must be in " + min + ".." + max);
        }
        return value;
    }

    /** A text field of a JSON body, or {@code fallback} when absent. */
    static String textField(JsonNode body, String name, String fallback) {
        JsonNode node = body.get(name);
        if (node == null || node.isNull()) {
            return fallback;
        }
        if (!node.isTextual()) {
            throw ApiError.badRequest("'" + name + "' must be a string");
        }
        return node.textValue();
    }
}
