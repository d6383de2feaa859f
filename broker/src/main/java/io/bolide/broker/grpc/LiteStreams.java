package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.grpc.v2.NotifyUnsubscribeLiteCommand;
import io.bolide.grpc.v2.TelemetryCommand;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The telemetry streams of the lite push consumers connected now, by client id: when the broker
 * drops a lite topic from one's subscription (a group consuming exclusively, whose lite topic
 * another client took), the client is told with a {@code NotifyUnsubscribeLiteCommand} naming the
 * lite topic, as the reference's proxy tells it.
 */
final class LiteStreams implements LiteSubscriptions.Dropped {
    private static final Logger LOG = LoggerFactory.getLogger(LiteStreams.class);

    private final Map<String, GrpcProducers.Stream> byClient = new ConcurrentHashMap<>();

    void add(String clientId, GrpcProducers.Stream stream) {
        if (!clientId.isEmpty()) {
            byClient.put(clientId, stream);
        }
    }

    void remove(GrpcProducers.Stream stream) {
        byClient.values().removeIf(s -> s == stream);
    }

    @Override
    public void dropped(String group, String clientId, String parent, String lite) {
        GrpcProducers.Stream stream = byClient.get(clientId);
        if (stream == null) {
            return; // a client of a proxy in front of this broker, or gone
        }
        try {
            stream.write(
                    TelemetryCommand.newBuilder()
                            .setNotifyUnsubscribeLiteCommand(
                                    NotifyUnsubscribeLiteCommand.newBuilder().setLiteTopic(lite))
                            .build());
            LOG.info(
                    "lite topic {} of {} dropped from client {} of group {}: notified",
                    lite,
                    parent,
                    clientId,
                    group);
        } catch (RuntimeException e) {
            LOG.info("cannot tell client {} that lite topic {} was dropped: {}", clientId, lite, e);
            byClient.remove(clientId, stream);
        }
    }
}
