package io.bolide.broker.send;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.delay.DelayRouter;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;

/** The send path: checks, one encode into the commit log, the answer when the append completes. */
public final class SendFeature {
    private SendFeature() {}

    /** Serves SEND_MESSAGE (10), SEND_MESSAGE_V2 (310) and SEND_BATCH_MESSAGE (320). */
    public static void install(
            Codes codes,
            BrokerConfig config,
            TopicTable topics,
            MessageStore store,
            DelayRouter delays,
            Advertised self,
            BrokerStats stats) {
        SendChecks checks = new SendChecks(config, topics, self.address());
        SendResponder responder =
                new SendResponder(
                        self.hostBytes(), self.port(), config, checks.illegalRemark(), stats);
        RequestHandler send =
                new SendMessageHandler(checks, responder, store, new DelayedSend(delays));
        codes.serve(RequestCode.SEND_MESSAGE, send);
        codes.serve(RequestCode.SEND_MESSAGE_V2, send);
        codes.serve(
                RequestCode.SEND_BATCH_MESSAGE,
                new SendBatchMessageHandler(checks, responder, store));
    }
}
