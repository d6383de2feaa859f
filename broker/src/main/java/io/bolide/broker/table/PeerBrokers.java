package io.bolide.broker.table;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.ExtFieldWriter;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetRouteInfoRequestHeader;
import io.bolide.remoting.RemotingClient;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The other broker groups a static topic's older stretches live on (#38): their master addresses,
 * learned from the name servers' route of the topic, and requests forwarded to them with physical
 * queue ids and offsets (the ext field {@code lo=false}), as the reference's brokers call each
 * other for a logic queue's earlier stretches.
 */
public final class PeerBrokers {
    private static final Logger LOG = LoggerFactory.getLogger(PeerBrokers.class);
    private static final long TIMEOUT_MILLIS = 3_000;

    private final RemotingClient client;
    private final Supplier<String> nameServers;
    private final Map<String, String> masters = new ConcurrentHashMap<>();

    /** Calls through {@code client}; {@code nameServers} gives the {@code a;b} address list. */
    public PeerBrokers(RemotingClient client, Supplier<String> nameServers) {
        this.client = client;
        this.nameServers = nameServers;
    }

    /** Peers nobody can reach: every call fails (for parts run without name servers). */
    public static PeerBrokers none() {
        return new PeerBrokers(null, () -> null);
    }

    /**
     * Sends {@code code} with {@code fields} (plus {@code lo=false}) to the master of {@code
     * broker}, found through the route of {@code topic}; completes with the response, which the
     * caller releases.
     */
    public CompletableFuture<RemotingCommand> call(
            String topic, String broker, int code, Map<String, String> fields) {
        Map<String, String> physical = new LinkedHashMap<>(fields);
        physical.put(LogicPlacement.LOGIC_FIELD, "false");
        return master(topic, broker)
                .thenCompose(
                        address ->
                                client.invokeAsync(
                                        address, code, new Fields(physical), null, TIMEOUT_MILLIS))
                .whenComplete(
                        (answer, failure) -> {
                            if (failure != null) {
                                masters.remove(broker); // asked again next time
                                LOG.warn(
                                        "call {} to broker {} failed: {}",
                                        code,
                                        broker,
                                        failure.toString());
                            }
                        });
    }

    private CompletableFuture<String> master(String topic, String broker) {
        String known = masters.get(broker);
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        String list = nameServers.get();
        if (client == null || list == null || list.isBlank()) {
            return CompletableFuture.failedFuture(
                    new IllegalStateException("no name server to find broker " + broker));
        }
        String nameServer = list.split(";")[0].trim();
        return client.invokeAsync(
                        nameServer,
                        RequestCode.GET_ROUTEINFO_BY_TOPIC,
                        new GetRouteInfoRequestHeader().topic(topic),
                        null,
                        TIMEOUT_MILLIS)
                .thenApply(answer -> learn(answer, broker));
    }

    private String learn(RemotingCommand answer, String broker) {
        try {
            if (answer.code() != ResponseCode.SUCCESS || answer.bodyLength() == 0) {
                throw new IllegalStateException("no route: " + answer.remark());
            }
            TopicRouteData route = BodyCodec.decode(answer.body(), TopicRouteData.class);
            for (BrokerData data : route.brokerDatas()) {
                String master = data.brokerAddrs().get(0L);
                if (master != null) {
                    masters.put(data.brokerName(), master);
                }
            }
        } finally {
            answer.release();
        }
        String master = masters.get(broker);
        if (master == null) {
            throw new IllegalStateException("broker " + broker + " has no master in the route");
        }
        return master;
    }

    /** A request header of plain fields. */
    private record Fields(Map<String, String> values) implements CommandHeader {
        @Override
        public void encode(ByteBuf out, ExtFieldWriter writer) {
            values.forEach(
                    (key, value) ->
                            writer.putString(out, key.getBytes(StandardCharsets.US_ASCII), value));
        }
    }

    /** A long ext field of a response, or {@code fallback}. */
    public static long field(RemotingCommand answer, String key, long fallback) {
        String value = answer.extFieldMap().get(key);
        if (value == null) {
            return fallback;
        }
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            return fallback;
        }
    }
}
