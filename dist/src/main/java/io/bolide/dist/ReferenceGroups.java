package io.bolide.dist;

import io.bolide.remoting.config.ReferenceKeys;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The reference's keys of one file grouped as {@code bolide keys} and the docs show them: the
 * accepted ones by their shared reason, the refused ones one by one.
 */
final class ReferenceGroups {
    private ReferenceGroups() {}

    /** Accepted keys (ignored and legacy), by reason, in table order. */
    static Map<String, List<String>> accepted(ReferenceKeys reference) {
        Map<String, List<String>> groups = new LinkedHashMap<>();
        for (ReferenceKeys.Entry entry : reference.entries()) {
            if (entry.treatment() != ReferenceKeys.Treatment.REFUSED) {
                groups.computeIfAbsent(entry.reason(), r -> new ArrayList<>()).add(entry.name());
            }
        }
        return groups;
    }

    /** Refused settings: "key" or "key=value", each with why and what to do instead. */
    static Map<String, String> refused(ReferenceKeys reference) {
        Map<String, String> refused = new LinkedHashMap<>();
        for (ReferenceKeys.Entry entry : reference.entries()) {
            if (entry.treatment() == ReferenceKeys.Treatment.REFUSED) {
                String setting =
                        entry.value() == null ? entry.name() : entry.name() + "=" + entry.value();
                refused.put(setting, entry.reason());
            }
        }
        return refused;
    }
}
