package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * Transactional messages' check keys (broker/README.md, "Transactions"), declared here and tabled
 * in {@link BrokerConfigKeys}.
 */
final class TransactionKeys {
    static final Key<Long> TRANSACTION_TIME_OUT =
            Key.ofLong(
                            "transactionTimeOut",
                            6000,
                            0,
                            86_400_000,
                            "half message age before its first check (ms)")
                    .live();

    static final Key<Long> TRANSACTION_CHECK_INTERVAL =
            Key.ofLong(
                            "transactionCheckInterval",
                            30_000,
                            1,
                            86_400_000,
                            "period of the transaction check scan (ms)")
                    .live();

    static final Key<Integer> TRANSACTION_CHECK_MAX =
            Key.ofInt(
                            "transactionCheckMax",
                            15,
                            0,
                            1_000_000,
                            "checks before a half message is given up")
                    .live();

    private TransactionKeys() {}
}
