package io.bolide.broker.lite;

import io.bolide.protocol.body.OffsetOption;

/**
 * Moves a group's offset on one lite topic: the {@link OffsetOption} of a PARTIAL_ADD, or back to
 * the start when a reset attribute of the group asks for it ({@link LiteGroupRules}).
 */
public interface LiteOffsetResets {
    /** Moves nothing. */
    LiteOffsetResets NONE = (group, parent, lite, option) -> {};

    /** The option of a reset to the start of the lite topic (the reference's policy MIN). */
    OffsetOption TO_START = new OffsetOption(OffsetOption.Type.POLICY, OffsetOption.POLICY_MIN);

    void reset(String group, String parent, String lite, OffsetOption option);
}
