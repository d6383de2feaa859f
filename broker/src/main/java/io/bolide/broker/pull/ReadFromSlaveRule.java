package io.bolide.broker.pull;

import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.store.GetResult;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Which broker of the group a consumer should pull from next ({@code suggestWhichBrokerId}), by the
 * reference's rule. A pull is "cold" when the last record it read lies further behind the end of
 * the commit log than {@code accessMessageInMemoryMaxRatio}% (default 40) of the machine's memory:
 * that data has likely left the page cache. With {@code slaveReadEnable}, a cold read is sent to
 * the group's {@code whichBrokerWhenConsumeSlowly} (1 by default) and a warm one to the group's
 * {@code brokerId} (0); without it, to the master. A slave suggests by the same rule: the
 * reference's slave sends a warm read back to the master only while it stands in for a master of
 * its group ({@code enableSlaveActingMaster}, which Bolide does not offer); a classic 5.5.0 slave
 * answers, suggests and holds as a master does (PullBoundaryDifferentialTest measures it).
 */
final class ReadFromSlaveRule {
    private final long brokerId;
    private final BooleanSupplier slaveReadEnable;
    private final LongSupplier warmBytes;
    private final MessageStore store;

    /**
     * @param warmBytes how far behind the commit log's end a read may lie and stay warm: {@code
     *     accessMessageInMemoryMaxRatio}% of the machine's memory
     */
    ReadFromSlaveRule(long brokerId, boolean slaveReadEnable, long warmBytes, MessageStore store) {
        this(brokerId, () -> slaveReadEnable, () -> warmBytes, store);
    }

    /** As above, both settings read at each pull (slaveReadEnable and the ratio change live). */
    ReadFromSlaveRule(
            long brokerId,
            BooleanSupplier slaveReadEnable,
            LongSupplier warmBytes,
            MessageStore store) {
        this.brokerId = brokerId;
        this.slaveReadEnable = slaveReadEnable;
        this.warmBytes = warmBytes;
        this.store = store;
    }

    /** Whether this broker is a slave. */
    boolean onSlave() {
        return brokerId != 0;
    }

    /** Whether the records read lie far behind the commit log's end (only a found read can). */
    boolean cold(GetResult found) {
        List<ByteBuf> records = found.messages();
        if (records.isEmpty()) {
            return false;
        }
        ByteBuf last = records.get(records.size() - 1);
        long physical = last.getLong(last.readerIndex() + MessageDescriptor.PHYSICAL_OFFSET_OFFSET);
        long behind = store.maxPhysicalOffset() - physical;
        return behind > warmBytes.getAsLong();
    }

    /** The broker id to suggest for a read that was {@code cold} or not. */
    long suggest(boolean cold, long groupBrokerId, long slowBrokerId) {
        if (!slaveReadEnable.getAsBoolean()) {
            return 0;
        }
        return cold ? slowBrokerId : groupBrokerId;
    }
}
