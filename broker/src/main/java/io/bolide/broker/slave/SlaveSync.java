package io.bolide.broker.slave;

import io.bolide.broker.delay.DelayedDelivery;
import io.bolide.broker.registration.MasterAddress;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.ConsumerOffsetSerializeWrapper;
import io.bolide.protocol.body.SubscriptionGroupWrapper;
import io.bolide.protocol.body.TimerCheckpoint;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingException;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's copy of its master's metadata, as the reference's slave keeps it: topics (21), consumer
 * offsets (43), delay progress (45), subscription groups (201), timer checkpoint (60) and timer
 * metrics (61), each fetched from the master the name servers named and applied and persisted here,
 * so a restarted slave starts with them. Topics and groups are replaced only when the master's
 * version differs; offsets are merged with the master's winning. Each table on its own: one failing
 * does not stop the others.
 */
public final class SlaveSync {
    private static final Logger LOG = LoggerFactory.getLogger(SlaveSync.class);

    private final MasterAddress master;
    private final String self;
    private final RemotingClient client;
    private final TopicTable topics;
    private final ConsumerOffsetTable offsets;
    private final SubscriptionGroupTable groups;
    private final DelayedDelivery delay;
    private final long timeoutMillis;

    /**
     * @param self this broker's address: a slave never copies from itself
     */
    public SlaveSync(
            MasterAddress master,
            String self,
            RemotingClient client,
            TopicTable topics,
            ConsumerOffsetTable offsets,
            SubscriptionGroupTable groups,
            DelayedDelivery delay,
            long timeoutMillis) {
        this.master = master;
        this.self = self;
        this.client = client;
        this.topics = topics;
        this.offsets = offsets;
        this.groups = groups;
        this.delay = delay;
        this.timeoutMillis = timeoutMillis;
    }

    /** The master the next pass copies from, or null when none is known to be live. */
    String master() {
        String address = master.master();
        return address == null || address.equals(self) ? null : address;
    }

    /** One pass over every table; returns whether each was fetched (and applied) from a master. */
    public boolean syncAll() {
        String from = master();
        if (from == null) {
            return false;
        }
        boolean all = syncTopics(from);
        all &= syncOffsets(from);
        all &= syncDelay(from);
        all &= syncGroups(from);
        all &= syncTimerCheckpoint(from);
        all &= syncTimerMetrics(from);
        return all;
    }

    private boolean syncTopics(String from) {
        TopicConfigSerializeWrapper table =
                fetch(
                        from,
                        RequestCode.GET_ALL_TOPIC_CONFIG,
                        json(TopicConfigSerializeWrapper.class));
        if (table == null || table.dataVersion() == null) {
            return false;
        }
        if (!Objects.equals(table.dataVersion(), topics.version())) {
            topics.replaceAll(table);
            persist("topics", topics::persist);
            LOG.info("topics copied from master {}: {}", from, table.dataVersion());
        }
        return true;
    }

    private boolean syncOffsets(String from) {
        ConsumerOffsetSerializeWrapper table =
                fetch(
                        from,
                        RequestCode.GET_ALL_CONSUMER_OFFSET,
                        json(ConsumerOffsetSerializeWrapper.class));
        if (table == null) {
            return false;
        }
        offsets.adopt(table.offsetTable());
        persist("consumer offsets", offsets::persist);
        return true;
    }

    private boolean syncDelay(String from) {
        String progress =
                fetch(
                        from,
                        RequestCode.GET_ALL_DELAY_OFFSET,
                        body -> body.toString(StandardCharsets.UTF_8));
        if (progress == null) {
            return false;
        }
        persist("delay progress", () -> delay.adoptProgress(progress));
        return true;
    }

    private boolean syncGroups(String from) {
        SubscriptionGroupWrapper table =
                fetch(
                        from,
                        RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                        json(SubscriptionGroupWrapper.class));
        if (table == null || table.dataVersion() == null) {
            return false;
        }
        if (!Objects.equals(table.dataVersion(), groups.version())) {
            groups.replaceAll(table);
            persist("subscription groups", groups::persist);
            LOG.info("subscription groups copied from master {}: {}", from, table.dataVersion());
        }
        return true;
    }

    /** The master's timer progress, adopted when its version differs from the copy held. */
    private boolean syncTimerCheckpoint(String from) {
        TimerCheckpoint checkpoint =
                fetch(from, RequestCode.GET_TIMER_CHECK_POINT, TimerCheckpoint::decode);
        if (checkpoint == null) {
            return false;
        }
        if (!checkpoint.dataVersion().equals(delay.timerCheckpoint().dataVersion())) {
            persist("timer checkpoint", () -> delay.adoptTimerCheckpoint(checkpoint));
        }
        return true;
    }

    private boolean syncTimerMetrics(String from) {
        String metrics =
                fetch(
                        from,
                        RequestCode.GET_TIMER_METRICS,
                        body -> body.toString(StandardCharsets.UTF_8));
        if (metrics == null) {
            return false;
        }
        try {
            persist("timer metrics", () -> delay.adoptTimerMetrics(metrics));
        } catch (IllegalArgumentException e) {
            LOG.warn("slave sync: master {}'s timer metrics carry no version; not copied", from);
            return false;
        }
        return true;
    }

    private static <T> Function<ByteBuf, T> json(Class<T> type) {
        return body -> BodyCodec.decode(body, type);
    }

    /** The master's answer to {@code code}, decoded; null when it did not answer success. */
    private <T> T fetch(String from, int code, Function<ByteBuf, T> decode) {
        RemotingCommand response;
        try {
            response = client.invokeSync(from, code, null, null, timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RemotingException e) {
            LOG.warn("slave sync: master {} did not answer {}: {}", from, code, e.getMessage());
            return null;
        }
        try {
            if (response.code() != ResponseCode.SUCCESS || !response.body().isReadable()) {
                LOG.warn("slave sync: master {} answered {} with {}", from, code, response.code());
                return null;
            }
            return decode.apply(response.body());
        } catch (RuntimeException e) {
            LOG.warn("slave sync: cannot read master {}'s answer to {}", from, code, e);
            return null;
        } finally {
            response.release();
        }
    }

    private interface Write {
        void run() throws IOException;
    }

    private static void persist(String what, Write write) {
        try {
            write.run();
        } catch (IOException e) {
            LOG.warn("slave sync: cannot persist {}", what, e);
        }
    }
}
