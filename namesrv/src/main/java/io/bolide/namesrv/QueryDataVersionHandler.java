package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryDataVersionRequestHeader;
import io.bolide.protocol.header.QueryDataVersionResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * QUERY_DATA_VERSION (322): a broker asks whether its topic table changed since it last registered,
 * to skip re-sending an unchanged table, or one this name server lists under another id. Counts as
 * a sign of life.
 */
final class QueryDataVersionHandler implements RequestHandler {
    private final RouteTable routes;

    QueryDataVersionHandler(RouteTable routes) {
        this.routes = routes;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        QueryDataVersionRequestHeader header =
                QueryDataVersionRequestHeader.decode(request.extFields());
        DataVersion theirs =
                request.bodyLength() == 0
                        ? null
                        : BodyCodec.decode(request.body(), DataVersion.class);
        String cluster = header.clusterName();
        String address = header.brokerAddr();
        // "Changed" also when this name server lists the address under another id or group: a
        // broker promoted or demoted in controller mode keeps its address and table but changes
        // its id, and only a registration tells us (the reference answers from the version
        // alone, and keeps a master whose first registration it missed listed as a slave).
        boolean changed =
                !address.equals(routes.memberAddress(header.brokerName(), header.brokerId()))
                        || routes.versionChanged(cluster, address, theirs);
        routes.touch(cluster, address);
        DataVersion ours = routes.dataVersion(cluster, address);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new QueryDataVersionResponseHeader().changed(changed),
                ours == null ? null : JsonBody.of(ours));
    }
}
