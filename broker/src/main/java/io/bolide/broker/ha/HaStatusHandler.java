package io.bolide.broker.ha;

import io.bolide.broker.codes.Codes;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.HARuntimeInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.Unpooled;
import java.util.function.Supplier;

/**
 * GET_BROKER_HA_STATUS (907, {@code mqadmin haStatus}): replication as this broker sees it, in the
 * reference's HARuntimeInfo body. The request has no header; a broker that replicates neither way
 * answers SYSTEM_ERROR, as the reference's does when it has no HA service.
 */
public final class HaStatusHandler implements RequestHandler {
    private final Supplier<HARuntimeInfo> status;

    private HaStatusHandler(Supplier<HARuntimeInfo> status) {
        this.status = status;
    }

    /**
     * @param status the master's or the slave's status now, or null when neither runs
     */
    public static void install(Codes codes, Supplier<HARuntimeInfo> status) {
        codes.serve(RequestCode.GET_BROKER_HA_STATUS, new HaStatusHandler(status));
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        HARuntimeInfo info = status.get();
        if (info == null) {
            exchange.respond(
                    ResponseCode.SYSTEM_ERROR, "this broker replicates neither way: no HA status");
            return;
        }
        exchange.respond(
                ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(BodyCodec.encode(info)));
    }
}
