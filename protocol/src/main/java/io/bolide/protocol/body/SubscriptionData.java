package io.bolide.protocol.body;

import java.util.Set;

/**
 * One topic subscription of a consumer group: the expression as given ({@code subString}), its type
 * ({@code TAG} or {@code SQL92}), the parsed tags and their {@code String.hashCode()}s, and {@code
 * subVersion}, the client's creation time of this subscription.
 */
public record SubscriptionData(
        boolean classFilterMode,
        String topic,
        String subString,
        Set<String> tagsSet,
        Set<Integer> codeSet,
        long subVersion,
        String expressionType) {

    /** Copies the sets, null becoming empty. */
    public SubscriptionData {
        tagsSet = Frozen.set(tagsSet);
        codeSet = Frozen.set(codeSet);
    }
}
