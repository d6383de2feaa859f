package io.bolide.broker.transaction;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The thread that runs a check round every {@code transactionCheckInterval}. A round may append
 * many re-put copies (and wait for their flush under SYNC_FLUSH), so it has a thread of its own
 * rather than delaying the broker's shared scheduler (name-server registration, offset
 * persistence).
 */
public final class TransactionCheckAgent implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(TransactionCheckAgent.class);

    private final Transactions transactions;
    private final long periodNanos;
    private final Thread thread;
    private volatile boolean running = true;

    /** An agent checking {@code transactions} every {@code periodMillis}; call {@link #start()}. */
    public TransactionCheckAgent(Transactions transactions, long periodMillis) {
        this.transactions = transactions;
        this.periodNanos = TimeUnit.MILLISECONDS.toNanos(periodMillis);
        this.thread = new Thread(this::run, "bolide-transaction-check");
        thread.setDaemon(true);
    }

    /** Starts the rounds; the first one runs one period from now. */
    public void start() {
        thread.start();
    }

    private void run() {
        long next = System.nanoTime() + periodNanos;
        while (running) {
            long wait = next - System.nanoTime();
            if (wait > 0) {
                LockSupport.parkNanos(this, wait);
                continue;
            }
            try {
                transactions.check();
            } catch (RuntimeException e) {
                LOG.warn("transaction check round failed", e);
            }
            next = System.nanoTime() + periodNanos;
        }
    }

    /** Stops after the current round; returns once the thread has ended (or after 5 s). */
    @Override
    public void close() {
        running = false;
        LockSupport.unpark(thread);
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
