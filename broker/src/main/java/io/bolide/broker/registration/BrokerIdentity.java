package io.bolide.broker.registration;

import io.bolide.protocol.header.QueryDataVersionRequestHeader;
import io.bolide.protocol.header.RegisterBrokerRequestHeader;
import io.bolide.protocol.header.UnregisterBrokerRequestHeader;

/** Who the broker is to a name server: the fields every registration call names. */
record BrokerIdentity(
        String clusterName,
        String brokerName,
        String brokerAddr,
        long brokerId,
        String haServerAddr) {

    RegisterBrokerRequestHeader registerHeader(boolean compressed, int bodyCrc32) {
        return new RegisterBrokerRequestHeader()
                .brokerName(brokerName)
                .brokerAddr(brokerAddr)
                .clusterName(clusterName)
                .haServerAddr(haServerAddr)
                .brokerId(brokerId)
                .enableActingMaster(false)
                .compressed(compressed)
                .bodyCrc32(bodyCrc32);
    }

    QueryDataVersionRequestHeader queryHeader() {
        return new QueryDataVersionRequestHeader()
                .brokerName(brokerName)
                .brokerAddr(brokerAddr)
                .clusterName(clusterName)
                .brokerId(brokerId);
    }

    UnregisterBrokerRequestHeader unregisterHeader() {
        return new UnregisterBrokerRequestHeader()
                .brokerName(brokerName)
                .brokerAddr(brokerAddr)
                .clusterName(clusterName)
                .brokerId(brokerId);
    }
}
