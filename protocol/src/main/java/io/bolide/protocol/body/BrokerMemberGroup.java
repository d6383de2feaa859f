package io.bolide.protocol.body;

import java.util.Map;

/** The members of one broker group: broker id to {@code ip:port}, as the controller knows them. */
public record BrokerMemberGroup(String cluster, String brokerName, Map<Long, String> brokerAddrs) {

    /** Copies {@code brokerAddrs}, null becoming empty. */
    public BrokerMemberGroup {
        brokerAddrs = Frozen.map(brokerAddrs);
    }
}
