package io.bolide.protocol.body;

import java.util.Set;

/** The body of a CONTROLLER_ELECT_MASTER (1002) answer: the group and the new in-sync set. */
public record ElectMasterResponseBody(BrokerMemberGroup brokerMemberGroup, Set<Long> syncStateSet) {

    /** Copies the set, null becoming empty. */
    public ElectMasterResponseBody {
        syncStateSet = Frozen.set(syncStateSet);
    }
}
