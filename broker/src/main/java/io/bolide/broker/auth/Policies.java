package io.bolide.broker.auth;

import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.AclInfo.PolicyEntryInfo;
import io.bolide.protocol.body.AclInfo.PolicyInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the policies of an ACL body the way the reference validates them, refusing with its
 * wording, and writes them back in the canonical form that is stored and listed.
 */
final class Policies {
    static final String CUSTOM = "Custom";
    static final String DEFAULT = "Default";

    private Policies() {}

    /** The policy type {@code name} stands for (null: Custom), or null when unknown. */
    static String policyType(String name) {
        if (name == null || name.isEmpty() || CUSTOM.equalsIgnoreCase(name)) {
            return CUSTOM;
        }
        return DEFAULT.equalsIgnoreCase(name) ? DEFAULT : null;
    }

    /** {@code policies} checked and canonical. */
    static List<PolicyInfo> canonical(List<PolicyInfo> policies) {
        if (policies.isEmpty()) {
            throw new AuthException("The policies is empty.");
        }
        List<PolicyInfo> out = new ArrayList<>();
        for (PolicyInfo policy : policies) {
            String type = policyType(policy.policyType());
            if (type == null) {
                throw new AuthException("The policy type is illegal.");
            }
            if (policy.entries().isEmpty()) {
                throw new AuthException("The policy entries is empty.");
            }
            List<PolicyEntryInfo> entries = new ArrayList<>();
            for (PolicyEntryInfo entry : policy.entries()) {
                entries.add(canonical(entry));
            }
            out.add(new PolicyInfo(type, entries));
        }
        return out;
    }

    private static PolicyEntryInfo canonical(PolicyEntryInfo entry) {
        PolicyEntry compiled = compile(entry);
        List<String> actions = new ArrayList<>();
        if (compiled.actions() == Action.ALL) {
            actions.add("All");
        } else {
            for (Action action : Action.values()) {
                if ((compiled.actions() & action.bit()) != 0) {
                    actions.add(action.wireName());
                }
            }
        }
        return new PolicyEntryInfo(
                compiled.resource().key(),
                actions,
                entry.sourceIps(),
                compiled.deny() ? "Deny" : "Allow");
    }

    /** One entry compiled for the request path. */
    static PolicyEntry compile(PolicyEntryInfo entry) {
        Resource resource = Resource.parse(entry.resource());
        if (resource == null) {
            throw new AuthException("The resource is null.");
        }
        if (entry.actions().isEmpty()) {
            throw new AuthException("The actions is empty.");
        }
        int actions = 0;
        for (String name : entry.actions()) {
            int bits = Action.parse(name);
            if (bits == 0) {
                throw new AuthException("The actions can not be Any.");
            }
            if (bits < 0) {
                throw new AuthException("The actions is empty.");
            }
            actions |= bits;
        }
        List<SourceRange> sources = new ArrayList<>();
        for (String ip : entry.sourceIps()) {
            if (ip == null || ip.isBlank()) {
                throw new AuthException("The source ip is empty.");
            }
            SourceRange range = SourceRange.parse(ip.trim());
            if (range == null) {
                throw new AuthException("The source ip is invalid.");
            }
            sources.add(range);
        }
        String decision = entry.decision();
        boolean deny = "Deny".equalsIgnoreCase(decision);
        if (!deny && !"Allow".equalsIgnoreCase(decision)) {
            throw new AuthException("The decision is null or illegal.");
        }
        return new PolicyEntry(resource, actions, List.copyOf(sources), deny);
    }

    /** A stored (canonical) ACL compiled for the request path. */
    static CompiledAcl compile(AclInfo acl) {
        List<PolicyEntry> custom = new ArrayList<>();
        List<PolicyEntry> fallback = new ArrayList<>();
        for (PolicyInfo policy : acl.policies()) {
            List<PolicyEntry> into = DEFAULT.equals(policy.policyType()) ? fallback : custom;
            for (PolicyEntryInfo entry : policy.entries()) {
                into.add(compile(entry));
            }
        }
        return new CompiledAcl(new RuleSet(custom), new RuleSet(fallback));
    }
}
