package io.bolide.broker.stats;

import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.BrokerStatsData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.ViewBrokerStatsDataRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * VIEW_BROKER_STATS_DATA (315): one statistic by name and key (a topic, or {@code topic@group})
 * over the minute, hour and day windows. An unknown statistic or key is SYSTEM_ERROR with the
 * reference's remark; the tools read that as "no traffic yet".
 */
final class ViewBrokerStatsDataHandler implements RequestHandler {
    private final BrokerStats stats;

    ViewBrokerStatsDataHandler(BrokerStats stats) {
        this.stats = stats;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        ViewBrokerStatsDataRequestHeader header =
                ViewBrokerStatsDataRequestHeader.decode(request.extFields());
        BrokerStatsData data = stats.view(header.statsName(), header.statsKey());
        if (data == null) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR,
                    "The stats <" + header.statsName() + "> <" + header.statsKey() + "> not exist");
            return;
        }
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(data));
    }
}
