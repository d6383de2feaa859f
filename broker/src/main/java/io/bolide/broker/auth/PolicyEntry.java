package io.bolide.broker.auth;

import java.net.InetAddress;
import java.util.Comparator;
import java.util.List;

/**
 * One compiled rule: a resource, the action bits it covers, the source ranges it is limited to
 * (none: every source) and whether it denies.
 */
record PolicyEntry(Resource resource, int actions, List<SourceRange> sources, boolean deny) {

    /**
     * The reference's precedence when several entries match one request: a named type before {@code
     * *}; then a literal name, then a prefix (the longer first), then {@code Type:*}; at equal rank
     * a deny before an allow. The first entry in this order that covers the action and the source
     * decides.
     */
    static final Comparator<PolicyEntry> PRECEDENCE =
            Comparator.comparingInt(PolicyEntry::rank)
                    .thenComparingInt(e -> -prefixLength(e))
                    .thenComparingInt(e -> e.deny ? 0 : 1);

    private int rank() {
        if (resource.type() == ResourceType.ANY) {
            return 3;
        }
        return switch (resource.pattern()) {
            case LITERAL -> 0;
            case PREFIXED -> 1;
            default -> 2;
        };
    }

    private static int prefixLength(PolicyEntry e) {
        return e.resource.pattern() == Resource.Pattern.PREFIXED ? e.resource.name().length() : 0;
    }

    /** Whether this entry speaks to a request needing {@code needed} from {@code address}. */
    boolean applies(int needed, InetAddress source) {
        if ((actions & needed) == 0) {
            return false;
        }
        if (sources.isEmpty()) {
            return true;
        }
        byte[] address = source == null ? null : source.getAddress();
        for (SourceRange range : sources) {
            if (range.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
