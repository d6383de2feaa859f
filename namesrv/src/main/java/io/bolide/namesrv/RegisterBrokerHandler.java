package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.KVTable;
import io.bolide.protocol.body.RegisterBrokerBody;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.ExtFieldCursor;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.RegisterBrokerRequestHeader;
import io.bolide.protocol.header.RegisterBrokerResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.NamedAddresses;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.zip.CRC32;

/**
 * REGISTER_BROKER (103): a broker announces itself and its topic table, at start-up, every 30 s and
 * after creating topics. Answers a slave with its master's addresses, and every broker with the
 * ordered-topic layouts.
 */
final class RegisterBrokerHandler implements RequestHandler {
    private static final byte[] ZONE_NAME_KEY = "__ZONE_NAME".getBytes(StandardCharsets.US_ASCII);

    private static final byte ZLIB_HEADER = 0x78;

    private final RouteTable routes;
    private final KvConfigTable kv;
    private final ConnectionWatch watch;
    private final int maxInflated;

    RegisterBrokerHandler(
            RouteTable routes, KvConfigTable kv, ConnectionWatch watch, int maxInflated) {
        this.routes = routes;
        this.kv = kv;
        this.watch = watch;
        this.maxInflated = maxInflated;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        RegisterBrokerRequestHeader header =
                RegisterBrokerRequestHeader.decode(request.extFields());
        ByteBuf body = request.body();
        Integer crc = header.bodyCrc32();
        if (crc != null && crc != 0 && crc != crc32(body)) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "crc32 not match");
            return;
        }
        Registration registration =
                registration(header, decodeBody(body, header.compressed()), request, exchange);
        if (unknownIncrement(registration)) {
            exchange.respond(ResponseCode.SYSTEM_ERROR, "register broker failed");
            return;
        }
        RegisterResult result = routes.register(registration);
        watch.watch(exchange.connection());
        RegisterBrokerResponseHeader response =
                new RegisterBrokerResponseHeader()
                        .haServerAddr(result.haServerAddr())
                        .masterAddr(result.masterAddr());
        Map<String, String> orderConf = kv.namespace(KvConfigTable.ORDER_TOPIC_CONFIG);
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                response,
                orderConf == null ? null : JsonBody.of(new KVTable(orderConf)));
    }

    private static Registration registration(
            RegisterBrokerRequestHeader header,
            RegisterBrokerBody decoded,
            RemotingCommand request,
            Exchange exchange) {
        return new Registration(
                header.clusterName(),
                header.brokerAddr(),
                header.brokerName(),
                header.brokerId(),
                header.haServerAddr(),
                zoneName(request),
                header.heartbeatTimeoutMillis(),
                header.enableActingMaster(),
                decoded == null ? null : decoded.topicConfigSerializeWrapper(),
                decoded == null ? List.of() : decoded.filterServerList(),
                exchange.connection(),
                advertised(header.advertisedAddresses()));
    }

    /**
     * The reference refuses a process's first registration when it carries exactly one topic: an
     * incremental registration from a broker this name server does not know (it restarted), which
     * must not stand for the whole table. Registrations are applied one at a time, so nothing
     * registers the process between this check and the registration.
     */
    private boolean unknownIncrement(Registration r) {
        return r.topics() != null
                && r.topics().topicConfigTable().size() == 1
                && routes.memberAddress(r.brokerName(), r.brokerId()) == null;
    }

    private RegisterBrokerBody decodeBody(ByteBuf body, boolean compressed) {
        if (!body.isReadable()) {
            return null;
        }
        // A 5.4.0 broker with compressedRegister on sends the zlib form but still says
        // compressed=false, so the body's first byte decides: '{' is JSON, 0x78 a zlib header.
        if (compressed || body.getByte(body.readerIndex()) == ZLIB_HEADER) {
            return CompressedRegisterBody.decode(body, maxInflated);
        }
        return BodyCodec.decode(body, RegisterBrokerBody.class);
    }

    /** The CRC the reference's broker puts in {@code bodyCrc32}: CRC-32 with the sign bit off. */
    static int crc32(ByteBuf body) {
        CRC32 crc = new CRC32();
        crc.update(body.nioBuffer());
        return (int) (crc.getValue() & 0x7FFFFFFF);
    }

    /**
     * A Bolide broker's per-listener addresses. A malformed value (the broker validated its own
     * configuration, so only a foreign sender could write one) is ignored rather than costing the
     * broker its registration: its clients then get its registered address.
     */
    private static NamedAddresses advertised(String text) {
        if (text == null || text.isEmpty()) {
            return NamedAddresses.NONE;
        }
        try {
            return NamedAddresses.parse(text);
        } catch (IllegalArgumentException e) {
            return NamedAddresses.NONE;
        }
    }

    private static String zoneName(RemotingCommand request) {
        ExtFieldCursor fields = request.extFields();
        while (fields.next()) {
            if (fields.keyIs(ZONE_NAME_KEY)) {
                return fields.valueAsString();
            }
        }
        return null;
    }
}
