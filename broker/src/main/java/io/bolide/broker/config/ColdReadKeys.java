package io.bolide.broker.config;

import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.KeyTable;

/**
 * The reference's cold-read flow control keys (UPDATE/REMOVE/GET_COLD_DATA_FLOW_CTR_*, 2001–2003),
 * declared here and tabled in {@link BrokerConfigKeys} like every other key. A read is cold when
 * the record it reads lies more than {@code accessMessageInMemoryHotRatio}% of the machine's memory
 * behind the commit log's end; each consumer group's cold bytes are counted per five-second window,
 * and a group over its threshold (or every group, once all of them together are over the global
 * one) is slowed down on its next cold pull. Off by default, as in the reference.
 */
public final class ColdReadKeys {
    private static final Key<Boolean> COLD_DATA_FLOW_CONTROL_ENABLE =
            Key.ofBoolean(
                            "coldDataFlowControlEnable",
                            false,
                            "count each consumer group's cold reads and slow down a group"
                                    + " reading more cold bytes than its threshold")
                    .live();

    private static final Key<Integer> ACCESS_MESSAGE_IN_MEMORY_HOT_RATIO =
            Key.ofInt(
                            "accessMessageInMemoryHotRatio",
                            26,
                            0,
                            100,
                            "a read lying more than this percentage of the machine's memory"
                                    + " behind the commit log's end is cold (0: every read of"
                                    + " a record already followed by others)")
                    .live();

    private static final Key<Long> CG_COLD_READ_THRESHOLD =
            Key.ofLong(
                            "cgColdReadThreshold",
                            3L << 20,
                            0,
                            Long.MAX_VALUE,
                            "cold bytes a consumer group may read per five-second window before"
                                    + " its cold pulls are slowed down, unless"
                                    + " updateColdDataFlowCtrGroupConfig set its own")
                    .live();

    private static final Key<Long> GLOBAL_COLD_READ_THRESHOLD =
            Key.ofLong(
                            "globalColdReadThreshold",
                            100L << 20,
                            0,
                            Long.MAX_VALUE,
                            "cold bytes all consumer groups together may read per five-second"
                                    + " window before every group's cold pulls are slowed down")
                    .live();

    /** {@code coldDataFlowControlEnable}. */
    public final Key<Boolean> enable;

    /** {@code accessMessageInMemoryHotRatio}. */
    public final Key<Integer> hotRatio;

    /** {@code cgColdReadThreshold}. */
    public final Key<Long> groupThreshold;

    /** {@code globalColdReadThreshold}. */
    public final Key<Long> globalThreshold;

    private ColdReadKeys(KeyTable.Builder keys) {
        enable = keys.add(COLD_DATA_FLOW_CONTROL_ENABLE);
        hotRatio = keys.add(ACCESS_MESSAGE_IN_MEMORY_HOT_RATIO);
        groupThreshold = keys.add(CG_COLD_READ_THRESHOLD);
        globalThreshold = keys.add(GLOBAL_COLD_READ_THRESHOLD);
    }

    static ColdReadKeys declare(KeyTable.Builder keys) {
        return new ColdReadKeys(keys);
    }
}
