package io.bolide.broker.registration;

import io.bolide.protocol.header.QueryDataVersionRequestHeader;
import io.bolide.protocol.header.RegisterBrokerRequestHeader;
import io.bolide.protocol.header.UnregisterBrokerRequestHeader;

/**
 * Who the broker is to a name server: the fields every registration call names.
 *
 * @param advertisedAddresses the broker's address per named listener ({@code name=host:port;...}),
 *     or null to send none, as before listeners existed
 */
record BrokerIdentity(
        String clusterName,
        String brokerName,
        String brokerAddr,
        long brokerId,
        String haServerAddr,
        String advertisedAddresses) {

    RegisterBrokerRequestHeader registerHeader(boolean compressed, int bodyCrc32) {
        return new RegisterBrokerRequestHeader()
                .brokerName(brokerName)
                .brokerAddr(brokerAddr)
                .clusterName(clusterName)
                .haServerAddr(haServerAddr)
                .brokerId(brokerId)
                .enableActingMaster(false)
                .compressed(compressed)
                .bodyCrc32(bodyCrc32)
                .advertisedAddresses(advertisedAddresses);
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
