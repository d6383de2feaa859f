package io.bolide.broker.auth;

import java.net.InetAddress;

/**
 * A user's ACL ready for the request path. The reference looks at the Custom policy first and at
 * the Default one only when no Custom entry applies.
 */
final class CompiledAcl {
    private final RuleSet custom;
    private final RuleSet fallback;

    CompiledAcl(RuleSet custom, RuleSet fallback) {
        this.custom = custom;
        this.fallback = fallback;
    }

    /** The deciding entry, or null when none applies. */
    PolicyEntry decide(ResourceType type, String name, int needed, InetAddress source) {
        PolicyEntry entry = custom.decide(type, name, needed, source);
        return entry != null || fallback.isEmpty()
                ? entry
                : fallback.decide(type, name, needed, source);
    }
}
