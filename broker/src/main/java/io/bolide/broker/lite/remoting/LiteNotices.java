package io.bolide.broker.lite.remoting;

import io.bolide.broker.lite.LiteSubscriptions;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.NotifyUnsubscribeLiteRequestHeader;
import io.bolide.remoting.Connection;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * NOTIFY_UNSUBSCRIBE_LITE (200073), broker to client: when the broker drops a lite topic from a
 * client's subscription (a group consuming exclusively, whose lite topic another client took), the
 * client that set it over remoting (a reference proxy, for its gRPC client) is told oneway on the
 * connection its last LITE_SUBSCRIPTION_CTL came on, as the reference's broker does.
 */
final class LiteNotices implements LiteSubscriptions.Dropped {
    private static final Logger LOG = LoggerFactory.getLogger(LiteNotices.class);

    private final Map<String, Connection> clients = new ConcurrentHashMap<>();

    /** {@code clientId}'s lite subscription was changed over {@code connection}. */
    void seen(String clientId, Connection connection) {
        if (clientId == null || connection == null) {
            return;
        }
        if (clients.put(clientId, connection) != connection) {
            connection.onClose(() -> clients.remove(clientId, connection));
        }
    }

    @Override
    public void dropped(String group, String clientId, String parent, String lite) {
        Connection connection = clients.get(clientId);
        if (connection == null || !connection.isActive()) {
            return; // a gRPC client of this broker, or gone
        }
        NotifyUnsubscribeLiteRequestHeader header =
                new NotifyUnsubscribeLiteRequestHeader()
                        .clientId(clientId)
                        .consumerGroup(group)
                        .liteTopic(lite);
        connection.invokeOneway(RequestCode.NOTIFY_UNSUBSCRIBE_LITE, header, null);
        LOG.info(
                "lite topic {} of {} dropped from client {} of group {}: notified",
                lite,
                parent,
                clientId,
                group);
    }
}
