package io.bolide.broker.send;

import io.bolide.broker.config.BrokerConfig;
import java.util.function.Supplier;

/**
 * What the send path takes from the broker's settings, which change live: the properties added to
 * every message and the region and trace switch of the answer (regionId, traceOn), and the body
 * limit (maxMessageSize). Encoded once per settings version, not per send: {@link #now()} compares
 * the settings it last encoded with the current ones by identity and encodes again only after a
 * change.
 */
final class SendStamp {
    private final Supplier<BrokerConfig> settings;
    private volatile Encoded last;

    SendStamp(Supplier<BrokerConfig> settings) {
        this.settings = settings;
    }

    /** The stamp of the settings in force now. */
    Encoded now() {
        BrokerConfig config = settings.get();
        Encoded encoded = last;
        if (encoded == null || encoded.config != config) {
            encoded = new Encoded(config);
            last = encoded;
        }
        return encoded;
    }

    /** One settings version, encoded for the send path. */
    static final class Encoded {
        private final BrokerConfig config;
        private final byte[] properties;
        private final String region;
        private final String traceOn;
        private final String illegalRemark;

        private Encoded(BrokerConfig config) {
            this.config = config;
            this.properties = BrokerProperties.of(config);
            this.region = config.regionId();
            this.traceOn = Boolean.toString(config.traceOn());
            this.illegalRemark =
                    "the message is illegal, maybe msg body or properties length not matched. msg"
                            + " body length limit "
                            + config.maxMessageSize()
                            + "B, msg properties length limit 32KB.";
        }

        /** CLUSTER, MSG_REGION and TRACE_ON as stored property pairs ({@link BrokerProperties}). */
        byte[] properties() {
            return properties;
        }

        /** MSG_REGION of the answer. */
        String region() {
            return region;
        }

        /** TRACE_ON of the answer. */
        String traceOn() {
            return traceOn;
        }

        /** maxMessageSize. */
        int maxMessageSize() {
            return config.maxMessageSize();
        }

        /** The reference's remark for a message over the limits. */
        String illegalRemark() {
            return illegalRemark;
        }
    }
}
