package io.bolide.broker.stats;

import io.bolide.broker.codes.Codes;
import io.bolide.protocol.code.RequestCode;

/** The statistics the send, pull and retry paths count, as admin tools read them. */
public final class StatsFeature {
    private StatsFeature() {}

    /** Serves VIEW_BROKER_STATS_DATA (315) from {@code stats}. */
    public static void install(Codes codes, BrokerStats stats) {
        codes.serve(RequestCode.VIEW_BROKER_STATS_DATA, new ViewBrokerStatsDataHandler(stats));
    }
}
