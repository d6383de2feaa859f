/**
 * POP consumption (docs/protocol/pop.md): messages handed to a consumer group one by one, each
 * acknowledged on its own or visible again after its invisible time.
 *
 * <p>State: {@link io.bolide.broker.pop.PopBook} keeps, per group and queue, the next offset to
 * hand out and the messages in flight, plus a heap of deliveries by deadline, so revive costs the
 * messages that expired, not a scan of everything in flight.
 *
 * <p>Durability: every change goes to an append-only pop log ({@code config/pop.log}), batched in
 * memory and written by the {@code bolide-pop} thread at most every 5 ms; a restart replays it.
 * Chosen over the reference's checkpoint and ack messages in a revive system topic, which cost a
 * store write per pop and per ack and a scan of that topic to revive. A kill -9 loses at most the
 * unwritten batch: its pops are handed out again at once, its acks' messages come back after their
 * invisible time; a revived message leaves the log only once its retry copy is stored. So nothing
 * is lost and nothing stays invisible, at the price of a possible second delivery, which POP's
 * at-least-once contract allows. The log is compacted into one snapshot record per queue when it
 * grows past 64 MiB (docs/architecture.md §2.4).
 */
package io.bolide.broker.pop;
