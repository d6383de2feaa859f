package io.bolide.broker.transaction;

import io.bolide.broker.BrokerConfig;
import io.bolide.broker.codes.Codes;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.store.MessageStore;

/** Transactional messages: half messages, END_TRANSACTION, and the check scan. */
public final class TransactionFeature {
    private TransactionFeature() {}

    /**
     * Rebuilds the pending transactions from the store, serves END_TRANSACTION (37), and starts the
     * check scan; the returned agent is the scan, to be closed at shutdown.
     */
    public static TransactionCheckAgent install(
            Codes codes,
            BrokerConfig config,
            MessageStore store,
            ClientRegistry clients,
            ConsumerOffsetTable offsets,
            Advertised self) {
        Transactions transactions =
                new Transactions(
                        store,
                        new TransactionConfig(
                                config.transactionTimeOut(),
                                config.transactionCheckInterval(),
                                config.transactionCheckMax()),
                        self.hostBytes(),
                        self.port(),
                        config.brokerName(),
                        new TransactionCheckSender(clients),
                        new TransactionOffsets(offsets),
                        System::currentTimeMillis);
        transactions.recover();
        codes.serve(RequestCode.END_TRANSACTION, new EndTransactionHandler(transactions));
        TransactionCheckAgent checks =
                new TransactionCheckAgent(transactions, config.transactionCheckInterval());
        checks.start();
        return checks;
    }
}
