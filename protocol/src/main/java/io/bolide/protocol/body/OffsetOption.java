package io.bolide.protocol.body;

/**
 * Where a lite subscription added with PARTIAL_ADD starts to read its lite topic (the reference's
 * {@code OffsetOption}, RIP-83, in {@link LiteSubscriptionChange}).
 *
 * @param type how {@code value} reads; null when the sender wrote a type this release does not know
 * @param value by type: for {@link Type#POLICY} {@link #POLICY_LAST} (where the group is), {@link
 *     #POLICY_MIN} or {@link #POLICY_MAX}; the queue offset for {@link Type#OFFSET}; how many
 *     messages back from the group's offset for {@link Type#TAIL_N}; epoch ms for {@link
 *     Type#TIMESTAMP}
 */
public record OffsetOption(Type type, long value) {
    /** {@link Type#POLICY}: stay where the group's offset is. */
    public static final long POLICY_LAST = 0;

    /** {@link Type#POLICY}: from the start of the lite topic. */
    public static final long POLICY_MIN = 1;

    /** {@link Type#POLICY}: from the end of the lite topic (only what arrives next). */
    public static final long POLICY_MAX = 2;

    /** The reference's {@code OffsetOption.Type}, by name. */
    public enum Type {
        POLICY,
        OFFSET,
        TAIL_N,
        TIMESTAMP
    }
}
