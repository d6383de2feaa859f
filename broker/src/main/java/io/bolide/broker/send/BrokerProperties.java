package io.bolide.broker.send;

import io.bolide.broker.config.BrokerConfig;
import java.nio.charset.StandardCharsets;

/**
 * The properties the reference's broker adds to every message of a single send before storing it:
 * its cluster ({@code CLUSTER}), region ({@code MSG_REGION}) and trace switch ({@code TRACE_ON}).
 * Consumers read them back: the official client's consume trace hook skips a message without a
 * region, so without them a consumer with {@code enableMsgTrace} records no trace at all. Encoded
 * once; appended after the client's properties, so when a client already set one (a re-sent
 * message) the broker's value comes last and wins, as the reference's map put makes it win.
 */
final class BrokerProperties {
    private BrokerProperties() {}

    /** {@code CLUSTER=..}, {@code MSG_REGION=..}, {@code TRACE_ON=..} as stored property pairs. */
    static byte[] of(BrokerConfig config) {
        String pairs =
                "CLUSTER\u0001"
                        + config.brokerClusterName()
                        + "\u0002MSG_REGION\u0001"
                        + config.regionId()
                        + "\u0002TRACE_ON\u0001"
                        + config.traceOn();
        return pairs.getBytes(StandardCharsets.UTF_8);
    }
}
