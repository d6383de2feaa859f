package io.bolide.broker.send;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.codes.Remarks;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.lite.LiteQuotas;
import io.bolide.broker.lite.LiteTopics;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.Connection;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.function.Supplier;

/** The send path: checks, one encode into the commit log, the answer when the append completes. */
public final class SendFeature {
    private SendFeature() {}

    /**
     * Where stored sends go beyond the commit log: the slaves to wait for, the lite topics counted,
     * the requesters of request-reply noted.
     */
    public record Sinks(Replication replication, LiteTopics liteTopics, Requesters requesters) {}

    /** On a slave, answers {@code refused} with SYSTEM_BUSY and returns true. */
    private static boolean refusedOnSlave(BrokerConfig config, Codes codes, int... refused) {
        if (config.brokerRole() != BrokerRole.SLAVE) {
            return false;
        }
        RequestHandler refuse =
                (request, exchange) ->
                        exchange.respond(ResponseCode.SYSTEM_BUSY, Remarks.REJECT_REQUEST);
        for (int code : refused) {
            codes.serve(code, refuse);
        }
        return true;
    }

    /**
     * The send checks, reading the broker's permission and the send path's settings as they are now
     * (they change live).
     */
    private static SendChecks checks(
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            Advertised self,
            BrokerStats stats) {
        return new SendChecks(
                new SendStamp(settings),
                () -> settings.get().brokerPermission(),
                topics,
                self.address(),
                stats);
    }

    /** As below, without replication (a broker with no slaves to wait for). */
    public static void install(
            Codes codes,
            BrokerConfig config,
            TopicTable topics,
            MessageStore store,
            DelayRouter delays,
            Advertised self,
            BrokerStats stats) {
        install(
                codes,
                () -> config,
                topics,
                store,
                delays,
                self,
                stats,
                new Sinks(
                        Replication.NONE,
                        new LiteTopics(LiteQuotas.DEFAULTS.maxLiteTopics()),
                        new Requesters()));
    }

    /**
     * Serves SEND_MESSAGE (10), SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320); a slave turns
     * them all away as the reference's does (its send processor rejects every request on a slave):
     * SYSTEM_BUSY with {@link Remarks#REJECT_REQUEST}.
     */
    public static void install(
            Codes codes,
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            MessageStore store,
            DelayRouter delays,
            Advertised self,
            BrokerStats stats,
            Sinks sinks) {
        BrokerConfig config = settings.get();
        Replication replication = sinks.replication();
        LiteTopics liteTopics = sinks.liteTopics();
        SendChecks checks = checks(settings, topics, self, stats);
        SendResponder responder =
                new SendResponder(
                        self.hostBytes(), self.port(), config, checks.stamp(), stats, replication);
        // A slave's store only takes a master's bytes: refused before any check could create a
        // topic here.
        if (refusedOnSlave(
                config,
                codes,
                RequestCode.SEND_MESSAGE,
                RequestCode.SEND_MESSAGE_V2,
                RequestCode.SEND_BATCH_MESSAGE)) {
            return;
        }
        RequestHandler send =
                new SendMessageHandler(
                        checks,
                        responder,
                        store,
                        new DelayedSend(delays),
                        checks.stamp(),
                        config.brokerName(),
                        liteTopics,
                        sinks.requesters());
        codes.serve(RequestCode.SEND_MESSAGE, send);
        codes.serve(RequestCode.SEND_MESSAGE_V2, send);
        codes.serve(
                RequestCode.SEND_BATCH_MESSAGE,
                new SendBatchMessageHandler(checks, responder, store));
    }

    /**
     * Serves SEND_REPLY_MESSAGE (324) and SEND_REPLY_MESSAGE_V2 (325), request-reply's replies
     * (#38): stored in the cluster's reply topic, pushed to the requester found in {@code clients}.
     * A slave refuses them as it refuses sends.
     */
    public static void installReplies(
            Codes codes,
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            MessageStore store,
            Advertised self,
            BrokerStats stats,
            ClientRegistry clients,
            Requesters requesters) {
        BrokerConfig config = settings.get();
        if (refusedOnSlave(
                config, codes, RequestCode.SEND_REPLY_MESSAGE, RequestCode.SEND_REPLY_MESSAGE_V2)) {
            return;
        }
        SendChecks checks = checks(settings, topics, self, stats);
        SendResponder responder =
                new SendResponder(
                        self.hostBytes(),
                        self.port(),
                        config,
                        checks.stamp(),
                        stats,
                        Replication.NONE);
        RequestHandler reply =
                new ReplyMessageHandler(
                        checks,
                        responder,
                        store,
                        clientId -> {
                            // The connection of its last request first: see Requesters.
                            Connection found = requesters.find(clientId);
                            return found != null ? found : clients.producerByClientId(clientId);
                        },
                        self.address(),
                        checks.stamp());
        codes.serve(RequestCode.SEND_REPLY_MESSAGE, reply);
        codes.serve(RequestCode.SEND_REPLY_MESSAGE_V2, reply);
    }
}
