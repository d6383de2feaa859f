package io.bolide.broker.admin;

import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The operator's store clean-ups, each answered SUCCESS once done: CLEAN_UNUSED_TOPIC (316) deletes
 * the queues of topics no longer in the topic table (system topics kept),
 * CLEAN_EXPIRED_CONSUMEQUEUE (306) the queues whose records the commit log has already dropped,
 * DELETE_EXPIRED_COMMITLOG (329) the expired commit-log segments now rather than at the configured
 * hour.
 */
final class StoreCleanupHandler implements RequestHandler {
    private static final Logger LOG = LoggerFactory.getLogger(StoreCleanupHandler.class);

    /** Which clean-up a handler runs. */
    enum Kind {
        UNUSED_TOPICS,
        EXPIRED_QUEUES,
        EXPIRED_COMMIT_LOG
    }

    private final Kind kind;
    private final MessageStore store;
    private final TopicTable topics;

    StoreCleanupHandler(Kind kind, MessageStore store, TopicTable topics) {
        this.kind = kind;
        this.store = store;
        this.topics = topics;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        try {
            int cleaned = run();
            LOG.info("{} cleaned {} by an admin request", kind, cleaned);
            exchange.respond(ResponseCode.SUCCESS, null);
        } catch (IOException e) {
            LOG.warn("{} failed", kind, e);
            exchange.respond(ResponseCode.SYSTEM_ERROR, e.getMessage());
        }
    }

    private int run() throws IOException {
        switch (kind) {
            case UNUSED_TOPICS:
                return store.deleteQueuesUnless(
                        t -> topics.get(t) != null || SystemTopics.isSystem(t));
            case EXPIRED_QUEUES:
                return store.deleteExpiredQueues();
            default:
                return store.deleteExpiredNow();
        }
    }
}
