package io.bolide.protocol.body;

import java.util.List;

/**
 * One subject's access policies, the body of AUTH_CREATE_ACL / AUTH_UPDATE_ACL (3006 / 3007) and of
 * the answers to AUTH_GET_ACL / AUTH_LIST_ACL (3009 / 3010, the latter as a list). The subject is
 * {@code User:<name>}.
 */
public record AclInfo(String subject, List<PolicyInfo> policies) {

    /** Copies the policies, null becoming empty. */
    public AclInfo {
        policies = Frozen.list(policies);
    }

    /**
     * The entries of one policy type: {@code Custom} (written by administrators) or {@code
     * Default}; a null type means {@code Custom}.
     */
    public record PolicyInfo(String policyType, List<PolicyEntryInfo> entries) {

        /** Copies the entries, null becoming empty. */
        public PolicyInfo {
            entries = Frozen.list(entries);
        }
    }

    /**
     * One rule: a resource ({@code Topic:orders}, {@code Group:billing*}, {@code Cluster:c1},
     * {@code *}), the actions it covers ({@code Pub}, {@code Sub}, {@code Create}, {@code Update},
     * {@code Delete}, {@code Get}, {@code List}, {@code All}), the source addresses it applies to
     * (empty: all) and {@code Allow} or {@code Deny}.
     */
    public record PolicyEntryInfo(
            String resource, List<String> actions, List<String> sourceIps, String decision) {

        /** Copies the lists, null becoming empty. */
        public PolicyEntryInfo {
            actions = Frozen.list(actions);
            sourceIps = Frozen.list(sourceIps);
        }
    }
}
