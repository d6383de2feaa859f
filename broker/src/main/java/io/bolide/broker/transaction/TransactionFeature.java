package io.bolide.broker.transaction;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerRole;
import io.bolide.broker.duty.DutyThread;
import io.bolide.broker.duty.PeriodicDuty;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.stats.TransactionStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import java.util.List;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Transactional messages: half messages, END_TRANSACTION, and the check scan. */
public final class TransactionFeature {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionFeature.class);

    /** A slave cannot write the commit: the reference's answer, SLAVE_NOT_AVAILABLE, no remark. */
    private static final RequestHandler SLAVE_REFUSAL =
            (request, exchange) -> {
                LOG.warn("END_TRANSACTION refused: this broker is a slave");
                exchange.respond(ResponseCode.SLAVE_NOT_AVAILABLE, null);
            };

    /** A slave cannot write to the half queue: it refuses a resume as a failed put. */
    private static final RequestHandler SLAVE_RESUME_REFUSAL =
            (request, exchange) ->
                    exchange.respond(
                            ResponseCode.SYSTEM_ERROR, ResumeCheckHalfMessageHandler.PUT_FAILED);

    private TransactionFeature() {}

    /**
     * Rebuilds the pending transactions from the store, serves END_TRANSACTION (37) and
     * RESUME_CHECK_HALF_MESSAGE (323) (a slave refuses both), and starts the check scan (a master's
     * only); the returned thread runs the scan, to be closed at shutdown. A round may append many
     * re-put copies (and wait for their flush under SYNC_FLUSH), so the scan has a duty thread of
     * its own ({@code bolide-transaction-check}) rather than delaying the broker's other duties.
     * The first round runs one interval after start, each next one an interval after the previous
     * ended. The first half message given up adds {@link HalfMessage#CHECK_MAX_TOPIC} (one queue,
     * read and write) to {@code topics}, as the reference does, so it is routed and readable. The
     * three check keys are read from {@code settings} at each round, so a change made live applies
     * from the next round (a shorter transactionCheckInterval brings the next round forward).
     */
    public static DutyThread install(
            Codes codes,
            Supplier<BrokerConfig> settings,
            TopicTable topics,
            MessageStore store,
            CheckSenders producers,
            ConsumerOffsetTable offsets,
            Advertised self,
            TransactionStats stats) {
        BrokerConfig config = settings.get();
        Transactions transactions =
                new Transactions(
                        store,
                        timing(config),
                        self.hostBytes(),
                        self.port(),
                        config.brokerName(),
                        producers,
                        new TransactionOffsets(offsets),
                        System::currentTimeMillis);
        transactions.recover(stats);
        transactions.beforeGiveUp(() -> ensureCheckMaxTopic(topics));
        boolean slave = config.brokerRole() == BrokerRole.SLAVE;
        codes.serve(
                RequestCode.END_TRANSACTION,
                slave ? SLAVE_REFUSAL : new EndTransactionHandler(transactions));
        codes.serve(
                RequestCode.RESUME_CHECK_HALF_MESSAGE,
                slave ? SLAVE_RESUME_REFUSAL : new ResumeCheckHalfMessageHandler(transactions));
        // A slave cannot write the op records a check round produces: its master checks.
        return DutyThread.start(
                "bolide-transaction-check",
                !config.brokerRole().isMaster()
                        ? List.of()
                        : List.of(
                                PeriodicDuty.withFixedDelay(
                                        "transaction check round",
                                        config.transactionCheckInterval(),
                                        () -> settings.get().transactionCheckInterval(),
                                        () -> {
                                            transactions.config(timing(settings.get()));
                                            transactions.check();
                                        })));
    }

    private static TransactionConfig timing(BrokerConfig config) {
        return new TransactionConfig(
                config.transactionTimeOut(),
                config.transactionCheckInterval(),
                config.transactionCheckMax());
    }

    /** Adds the topic of given-up half messages unless the table has it; registers the change. */
    private static void ensureCheckMaxTopic(TopicTable topics) {
        if (topics.get(HalfMessage.CHECK_MAX_TOPIC) == null) {
            TopicConfig created =
                    topics.createIfAbsent(
                            TopicTable.config(
                                    HalfMessage.CHECK_MAX_TOPIC, 1, Perm.READ | Perm.WRITE));
            LOG.info("created topic {}", created.topicName());
        }
    }
}
