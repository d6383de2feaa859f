package io.bolide.broker.console;

import com.fasterxml.jackson.databind.JsonNode;
import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.AclInfo.PolicyEntryInfo;
import io.bolide.protocol.body.AclInfo.PolicyInfo;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.AclRequestHeader;
import io.bolide.protocol.header.DeleteAclRequestHeader;
import io.bolide.protocol.header.ListAclsRequestHeader;
import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.HttpMethod;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * ACL 2.0 policies per user: list, create or update (entries merge by resource, as the reference
 * does), delete one resource's entry or all, through the broker's own AUTH_*_ACL handlers
 * (3006–3010) signed as the session's user. Each entry is checked first with messages that say what
 * to write instead.
 */
final class AclApi {
    private static final Set<String> TYPES = Set.of("topic", "group", "cluster");
    private static final List<String> ACTIONS =
            List.of("Pub", "Sub", "Create", "Update", "Delete", "Get", "List", "All");
    private static final int MAX_ENTRIES = 256;

    private final Changes changes;

    AclApi(Changes changes) {
        this.changes = changes;
    }

    void install(Routes routes) {
        routes.add(HttpMethod.GET, "/api/acls", this::list);
        routes.add(HttpMethod.POST, "/api/acls/{user}", r -> put(r, RequestCode.AUTH_CREATE_ACL));
        routes.add(HttpMethod.PUT, "/api/acls/{user}", r -> put(r, RequestCode.AUTH_UPDATE_ACL));
        routes.add(HttpMethod.DELETE, "/api/acls/{user}", this::delete);
    }

    private CompletableFuture<Object> list(Request request) {
        ListAclsRequestHeader header =
                new ListAclsRequestHeader()
                        .subjectFilter(request.param("user", null))
                        .resourceFilter(request.param("resource", null));
        return changes.call(
                request.caller(), RequestCode.AUTH_LIST_ACL, header, null, AclApi::acls);
    }

    private static Object acls(RemotingCommand response) {
        if (response.bodyLength() == 0) {
            return List.of();
        }
        AclInfo[] found = BodyCodec.decode(response.body(), AclInfo[].class);
        Arrays.sort(found, Comparator.comparing(AclInfo::subject));
        return Arrays.asList(found);
    }

    /**
     * Adds or replaces entries of {@code user}'s policy: {@code {"entries": [{"resource":
     * "Topic:orders", "actions": ["Pub"], "sourceIps": [], "decision": "Allow"}]}} (Custom).
     */
    private CompletableFuture<Object> put(Request request, int code) {
        String subject = subject(request.path("user"));
        JsonNode entriesNode = request.jsonBody().get("entries");
        if (entriesNode == null || !entriesNode.isArray() || entriesNode.isEmpty()) {
            throw ApiError.badRequest(
                    "'entries' is required: a list of {resource, actions, sourceIps, decision}");
        }
        if (entriesNode.size() > MAX_ENTRIES) {
            throw ApiError.badRequest("at most " + MAX_ENTRIES + " entries at once");
        }
        List<PolicyEntryInfo> entries = new ArrayList<>();
        for (int i = 0; i < entriesNode.size(); i++) {
            entries.add(entry(i + 1, entriesNode.get(i)));
        }
        AclInfo acl = new AclInfo(subject, List.of(new PolicyInfo("Custom", entries)));
        return changes.call(
                request.caller(),
                code,
                new AclRequestHeader().subject(subject),
                Unpooled.wrappedBuffer(BodyCodec.encode(acl)),
                response -> Map.of("subject", subject, "result", "saved"));
    }

    private CompletableFuture<Object> delete(Request request) {
        String subject = subject(request.path("user"));
        String resource = request.param("resource", null);
        DeleteAclRequestHeader header =
                new DeleteAclRequestHeader()
                        .subject(subject)
                        .policyType(resource == null ? null : "Custom")
                        .resource(resource);
        return changes.call(
                request.caller(),
                RequestCode.AUTH_DELETE_ACL,
                header,
                null,
                response -> Map.of("subject", subject, "result", "deleted"));
    }

    private static String subject(String user) {
        return user.startsWith("User:") ? user : "User:" + user;
    }

    /** Entry {@code n} (1-based, as a person counts) checked and in the broker's form. */
    private static PolicyEntryInfo entry(int n, JsonNode node) {
        String where = "entry " + n + ": ";
        if (node == null || !node.isObject()) {
            throw ApiError.badRequest(where + "must be an object");
        }
        String resource = Request.textField(node, "resource", null);
        if (resource == null || resource.isBlank()) {
            throw ApiError.badRequest(
                    where
                            + "'resource' is required: Topic:NAME, Group:NAME, Cluster:NAME, a"
                            + " prefix such as Topic:order*, or * for everything");
        }
        resource = checkedResource(where, resource.trim());
        List<String> actions = strings(node, "actions", where);
        if (actions.isEmpty()) {
            throw ApiError.badRequest(where + "'actions' needs one or more of " + ACTIONS);
        }
        for (String action : actions) {
            if (ACTIONS.stream().noneMatch(a -> a.equalsIgnoreCase(action))) {
                throw ApiError.badRequest(
                        where + "action '" + action + "' is not one of " + ACTIONS);
            }
        }
        String decision = Request.textField(node, "decision", "Allow");
        if (!decision.equalsIgnoreCase("Allow") && !decision.equalsIgnoreCase("Deny")) {
            throw ApiError.badRequest(where + "'decision' must be Allow or Deny");
        }
        List<String> sourceIps = sources(node, where);
        return new PolicyEntryInfo(resource, actions, sourceIps, decision);
    }

    private static String checkedResource(String where, String resource) {
        int colon = resource.indexOf(':');
        if (!resource.equals("*")
                && (colon <= 0
                        || colon == resource.length() - 1
                        || !TYPES.contains(
                                resource.substring(0, colon).toLowerCase(java.util.Locale.ROOT)))) {
            throw ApiError.badRequest(
                    where
                            + "resource '"
                            + resource
                            + "' is not TYPE:NAME with TYPE Topic, Group or Cluster (or *)");
        }
        return resource;
    }

    private static List<String> sources(JsonNode node, String where) {
        List<String> sourceIps = strings(node, "sourceIps", where);
        for (String ip : sourceIps) {
            if (!ip.matches("[0-9A-Fa-f:.*/\\-]+")) {
                throw ApiError.badRequest(
                        where
                                + "source '"
                                + ip
                                + "' is not an address, a CIDR range (10.0.0.0/8) or a"
                                + " wildcard (10.0.*)");
            }
        }
        return sourceIps;
    }

    private static List<String> strings(JsonNode node, String field, String where) {
        JsonNode list = node.get(field);
        List<String> out = new ArrayList<>();
        if (list == null || list.isNull()) {
            return out;
        }
        if (list.isTextual()) {
            for (String part : list.textValue().split(",")) {
                if (!part.isBlank()) {
                    out.add(part.trim());
                }
            }
            return out;
        }
        if (!list.isArray()) {
            throw ApiError.badRequest(where + "'" + field + "' must be a list of strings");
        }
        for (JsonNode item : list) {
            if (!item.isTextual() || item.textValue().isBlank()) {
                throw ApiError.badRequest(where + "'" + field + "' must be a list of strings");
            }
            out.add(item.textValue().trim());
        }
        return out;
    }
}
