package io.bolide.protocol.body;

import java.util.Set;

/**
 * Body of {@code HEART_BEAT}: every producer and consumer group of one client process. Note the
 * capital {@code ID} of {@code clientID}, as on the wire. {@code heartbeatFingerprint} is 0 for the
 * default (V1) heartbeat.
 */
public record HeartbeatData(
        String clientID,
        Set<ProducerData> producerDataSet,
        Set<ConsumerData> consumerDataSet,
        int heartbeatFingerprint,
        boolean withoutSub) {

    /** Copies the sets, null becoming empty. */
    public HeartbeatData {
        producerDataSet = Frozen.set(producerDataSet);
        consumerDataSet = Frozen.set(consumerDataSet);
    }
}
