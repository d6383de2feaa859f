package io.bolide.broker.auth;

import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.AclInfo.PolicyEntryInfo;
import io.bolide.protocol.body.AclInfo.PolicyInfo;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * AUTH_CREATE_ACL … AUTH_LIST_ACL (3006–3010), as the reference broker answers them. Creating or
 * updating merges: an entry on a resource the policy already has replaces it, others are added.
 */
final class AclAdmin {
    private final AuthStore store;

    AclAdmin(AuthStore store) {
        this.store = store;
    }

    void create(AdminCall call) {
        put(call);
    }

    void update(AdminCall call) {
        put(call);
    }

    private void put(AdminCall call) {
        AclInfo body = call.body(AclInfo.class);
        if (body == null || body.policies().isEmpty()) {
            throw new AuthException("The body of acl is null");
        }
        String subject = AdminCall.blank(body.subject()) ? call.field("subject") : body.subject();
        requireUser(subject, "The subject of " + subject + " is not exist.");
        List<PolicyInfo> policies = Policies.canonical(body.policies());
        AclInfo old = store.acl(subject);
        store.putAcl(
                new AclInfo(subject, old == null ? policies : merge(old.policies(), policies)));
        call.ok();
    }

    void delete(AdminCall call) {
        String subject = call.field("subject");
        requireUser(subject, "The subject is not exist.");
        AclInfo old = store.acl(subject);
        if (old == null) {
            throw new AuthException("The acl is not exist.");
        }
        String resourceText = call.field("resource");
        if (AdminCall.blank(resourceText)) {
            store.removeAcl(subject);
            call.ok();
            return;
        }
        String type = Policies.policyType(call.field("policyType"));
        Resource resource = Resource.parse(resourceText);
        String key = resource == null ? resourceText : resource.key();
        List<PolicyInfo> kept = new ArrayList<>();
        for (PolicyInfo policy : old.policies()) {
            List<PolicyEntryInfo> entries = new ArrayList<>(policy.entries());
            if (policy.policyType().equals(type)) {
                entries.removeIf(e -> e.resource().equals(key));
            }
            if (!entries.isEmpty()) {
                kept.add(new PolicyInfo(policy.policyType(), entries));
            }
        }
        if (kept.isEmpty()) {
            store.removeAcl(subject);
        } else {
            store.putAcl(new AclInfo(subject, kept));
        }
        call.ok();
    }

    void get(AdminCall call) {
        String subject = call.field("subject");
        requireUser(subject, "The subject is not exist.");
        call.ok(store.acl(subject));
    }

    void list(AdminCall call) {
        String subjects = call.field("subjectFilter");
        String resources = call.field("resourceFilter");
        List<AclInfo> found = new ArrayList<>();
        for (AclInfo acl : store.acls()) {
            if (!AdminCall.blank(subjects) && !acl.subject().contains(subjects)) {
                continue;
            }
            AclInfo shown = AdminCall.blank(resources) ? acl : onResources(acl, resources);
            if (shown != null) {
                found.add(shown);
            }
        }
        call.ok(found.isEmpty() ? null : found);
    }

    private static AclInfo onResources(AclInfo acl, String filter) {
        List<PolicyInfo> policies = new ArrayList<>();
        for (PolicyInfo policy : acl.policies()) {
            List<PolicyEntryInfo> entries = new ArrayList<>();
            for (PolicyEntryInfo entry : policy.entries()) {
                if (entry.resource().contains(filter)) {
                    entries.add(entry);
                }
            }
            if (!entries.isEmpty()) {
                policies.add(new PolicyInfo(policy.policyType(), entries));
            }
        }
        return policies.isEmpty() ? null : new AclInfo(acl.subject(), policies);
    }

    private void requireUser(String subject, String remark) {
        if (AdminCall.blank(subject)
                || !subject.startsWith(AuthStore.USER_PREFIX)
                || store.user(subject.substring(AuthStore.USER_PREFIX.length())) == null) {
            throw new AuthException(remark);
        }
    }

    private static List<PolicyInfo> merge(List<PolicyInfo> old, List<PolicyInfo> added) {
        Map<String, Map<String, PolicyEntryInfo>> byType = new LinkedHashMap<>();
        for (List<PolicyInfo> policies : List.of(old, added)) {
            for (PolicyInfo policy : policies) {
                Map<String, PolicyEntryInfo> entries =
                        byType.computeIfAbsent(policy.policyType(), t -> new LinkedHashMap<>());
                for (PolicyEntryInfo entry : policy.entries()) {
                    entries.put(entry.resource(), entry);
                }
            }
        }
        List<PolicyInfo> merged = new ArrayList<>();
        byType.forEach(
                (type, entries) ->
                        merged.add(new PolicyInfo(type, new ArrayList<>(entries.values()))));
        return merged;
    }
}
