package io.bolide.broker.slave;

import io.bolide.broker.registration.HeaderSigner;
import io.bolide.broker.registration.MasterAddress;
import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.ConsumerOffsetSerializeWrapper;
import io.bolide.protocol.body.SubscriptionGroupWrapper;
import io.bolide.protocol.body.TimerCheckpoint;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.body.UserInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingException;
import io.netty.buffer.ByteBuf;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
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
 *
 * <p>Beyond the reference (whose slaves keep users of their own), a slave that checks credentials
 * also copies the master's users and ACLs (3005, 3010, answered with the secrets), so a client
 * authenticates against it exactly as against the master. Every request is signed with the broker's
 * inner credentials, which a master with authentication on requires.
 */
public final class SlaveSync {
    private static final Logger LOG = LoggerFactory.getLogger(SlaveSync.class);

    private final MasterAddress master;
    private final String self;
    private final RemotingClient client;
    private final HeaderSigner signer;
    private final Replicated tables;
    private final long timeoutMillis;
    private List<UserInfo> copiedUsers;
    private List<AclInfo> copiedAcls;

    /**
     * @param self this broker's address: a slave never copies from itself
     * @param signer signs each request (the inner credentials), or {@link HeaderSigner#NONE}
     */
    public SlaveSync(
            MasterAddress master,
            String self,
            RemotingClient client,
            HeaderSigner signer,
            Replicated tables,
            long timeoutMillis) {
        this.master = master;
        this.self = self;
        this.client = client;
        this.signer = signer;
        this.tables = tables;
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
        if (tables.auth() != null) {
            all &= syncAuth(from);
        }
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
        if (!Objects.equals(table.dataVersion(), tables.topics().version())) {
            tables.topics().replaceAll(table);
            persist("topics", tables.topics()::persist);
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
        tables.offsets().adopt(table.offsetTable());
        persist("consumer offsets", tables.offsets()::persist);
        return true;
    }

    private boolean syncDelay(String from) {
        String progress =
                fetch(
                        from,
                        RequestCode.GET_ALL_DELAY_OFFSET,
                        body -> body.isReadable() ? body.toString(StandardCharsets.UTF_8) : null);
        if (progress == null) {
            return false;
        }
        persist("delay progress", () -> tables.delay().adoptProgress(progress));
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
        if (!Objects.equals(table.dataVersion(), tables.groups().version())) {
            tables.groups().replaceAll(table);
            persist("subscription groups", tables.groups()::persist);
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
        if (!checkpoint.dataVersion().equals(tables.delay().timerCheckpoint().dataVersion())) {
            persist("timer checkpoint", () -> tables.delay().adoptTimerCheckpoint(checkpoint));
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
            persist("timer metrics", () -> tables.delay().adoptTimerMetrics(metrics));
        } catch (IllegalArgumentException e) {
            LOG.warn("slave sync: master {}'s timer metrics carry no version; not copied", from);
            return false;
        }
        return true;
    }

    /**
     * Users, then ACLs; replaced here when either differs from the last copy (a master without any
     * answers an empty body: nothing to copy is a list of none, not a failure).
     */
    private boolean syncAuth(String from) {
        UserInfo[] users = fetch(from, RequestCode.AUTH_LIST_USER, list(new UserInfo[0]));
        AclInfo[] acls =
                users == null ? null : fetch(from, RequestCode.AUTH_LIST_ACL, list(new AclInfo[0]));
        if (acls == null) {
            return false;
        }
        List<UserInfo> userList = List.of(users);
        List<AclInfo> aclList = List.of(acls);
        if (!userList.equals(copiedUsers) || !aclList.equals(copiedAcls)) {
            tables.auth().adopt(userList, aclList);
            copiedUsers = userList;
            copiedAcls = aclList;
            LOG.info(
                    "users and ACLs copied from master {}: {} users, {} ACLs",
                    from,
                    users.length,
                    acls.length);
        }
        return true;
    }

    /** A JSON array of {@code none}'s type; an empty body is {@code none}. */
    @SuppressWarnings("unchecked")
    private static <T> Function<ByteBuf, T[]> list(T[] none) {
        Class<T[]> type = (Class<T[]>) none.getClass();
        return body -> body.isReadable() ? BodyCodec.decode(body, type) : none;
    }

    /** A JSON body of {@code type}; an empty body is no answer. */
    private static <T> Function<ByteBuf, T> json(Class<T> type) {
        return body -> body.isReadable() ? BodyCodec.decode(body, type) : null;
    }

    /** The master's answer to {@code code}, decoded; null when it did not answer success. */
    private <T> T fetch(String from, int code, Function<ByteBuf, T> decode) {
        RemotingCommand response;
        try {
            response = client.invokeSync(from, code, signer.sign(null, null), null, timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (RemotingException e) {
            LOG.warn("slave sync: master {} did not answer {}: {}", from, code, e.getMessage());
            return null;
        }
        try {
            if (response.code() != ResponseCode.SUCCESS) {
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
