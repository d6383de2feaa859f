package io.bolide.broker.lite.remoting;

import io.bolide.broker.lite.LiteNames;
import io.bolide.broker.lite.LiteOffsetResets;
import io.bolide.broker.pop.PopEngine;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.body.OffsetOption;
import io.bolide.store.MessageStore;
import java.util.function.LongSupplier;

/**
 * Moves a group's offset on a lite topic's queue as an {@link OffsetOption} says, with the
 * reference's (5.5.0) reading of each: policy MIN to 0, MAX to the queue's end, LAST nowhere;
 * OFFSET to the value; TAIL_N the value back from the group's committed offset (nowhere when it has
 * none); TIMESTAMP nowhere (the reference's broker takes it and moves nothing). A target below 0 or
 * equal to the committed offset moves nothing; otherwise the group's next lite pop there reads from
 * it.
 */
final class LiteOffsets implements LiteOffsetResets {
    private final ConsumerOffsetTable offsets;
    private final MessageStore store;
    private final PopEngine pops;

    LiteOffsets(ConsumerOffsetTable offsets, MessageStore store, PopEngine pops) {
        this.offsets = offsets;
        this.store = store;
        this.pops = pops;
    }

    @Override
    public void reset(String group, String parent, String lite, OffsetOption option) {
        String queue = LiteNames.queueName(parent, lite);
        // The reference commits where a group's first pop of a queue starts: once the group popped
        // the lite topic, its position is what it acknowledged below, even with nothing acked.
        long current = pops.ackedBelow(group, queue, 0);
        if (current < 0) {
            current = offsets.query(group, queue, 0);
        }
        long target = target(option, current, () -> store.maxOffset(queue, 0));
        if (target >= 0 && target != current) {
            pops.reset(group, queue, 0, target);
        }
    }

    /**
     * Where {@code option} moves a group whose committed offset is {@code current}; -1: nowhere.
     */
    static long target(OffsetOption option, long current, LongSupplier maxOffset) {
        if (option == null || option.type() == null) {
            return -1;
        }
        return switch (option.type()) {
            case POLICY -> {
                if (option.value() == OffsetOption.POLICY_MIN) {
                    yield 0;
                }
                yield option.value() == OffsetOption.POLICY_MAX ? maxOffset.getAsLong() : -1;
            }
            case OFFSET -> option.value();
            case TAIL_N -> current >= 0 ? Math.max(0, current - option.value()) : -1;
            case TIMESTAMP -> -1;
            default -> -1;
        };
    }
}
