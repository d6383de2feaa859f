package io.bolide.broker.filter;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.code.RequestCode;
import java.util.function.Supplier;

/** Message filters: tag hashes and SQL92 expressions over message properties. */
public final class FilterFeature {
    private FilterFeature() {}

    /** Serves CHECK_CLIENT_CONFIG (46), the push consumer's check of its SQL92 subscriptions. */
    public static void install(Codes codes, BrokerConfig config) {
        install(codes, () -> config);
    }

    /** As {@link #install(Codes, BrokerConfig)}, reading the settings on every request. */
    public static void install(Codes codes, Supplier<BrokerConfig> settings) {
        codes.serve(RequestCode.CHECK_CLIENT_CONFIG, new CheckClientConfigHandler(settings));
    }
}
