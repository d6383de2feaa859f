package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.append.MessageRecordWriter;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.ha.InSyncSet;
import io.bolide.broker.ha.ReplicationRole;
import io.bolide.store.MessageStore;
import io.bolide.store.PutResult;
import io.bolide.store.StoreConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Controller mode's confirmed reads: consumers of a master and of its slaves see only records every
 * SyncStateSet member holds, so no queue offset a consumer has seen is handed out again after an
 * election; a promoted slave makes all of its log readable.
 */
@ExtendWith(LeakCheck.class)
class ConfirmedReadsTest {
    private static final Duration WAIT = Duration.ofSeconds(15);
    private static final String TOPIC = "Confirmed";
    private static final int SEGMENT = 1024 * 1024;

    @TempDir Path masterDir;
    @TempDir Path slaveDir;
    private MessageStore master;
    private MessageStore slave;
    private ReplicationRole masterRole;
    private ReplicationRole slaveRole;
    private InSyncSet members;

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : new AutoCloseable[] {slaveRole, masterRole, slave, master}) {
            if (c != null) {
                c.close();
            }
        }
    }

    /**
     * Master (controller id 1) and slave (id 2) linked in epoch 1; the master's set {@code ids}.
     */
    private void startGroup(Set<Long> ids) throws Exception {
        master = open(masterDir, false);
        slave = open(slaveDir, true);
        members = new InSyncSet(System::currentTimeMillis);
        members.identify(1);
        members.set(ids, 1);
        BrokerConfig masterConfig =
                TestBrokers.config(masterDir)
                        .set("brokerRole", "SYNC_MASTER")
                        .set("haListenPort", "0")
                        .build();
        masterRole = ReplicationRole.start(masterConfig, master, 1, members);
        BrokerConfig slaveConfig =
                TestBrokers.config(slaveDir)
                        .set("brokerRole", "SLAVE")
                        .set("brokerId", "2")
                        .set("haMasterAddress", "127.0.0.1:" + masterRole.master().port())
                        .build();
        slaveRole = ReplicationRole.start(slaveConfig, slave, 1, null);
    }

    private static MessageStore open(Path dir, boolean replica) throws Exception {
        return MessageStore.open(
                StoreConfig.builder(dir).segmentSize(SEGMENT).replica(replica).build());
    }

    @Test
    void shouldReadOnlyWhatEverySyncStateSetMemberHolds() throws Exception {
        startGroup(Set.of(1L, 2L));
        for (int i = 0; i < 5; i++) {
            put(master, "confirmed-" + i);
        }
        Await.until(WAIT, () -> master.maxOffset(TOPIC, 0) == 5, "the master's confirmed reads");
        Await.until(WAIT, () -> slave.maxOffset(TOPIC, 0) == 5, "the slave's confirmed reads");
        long confirmed = master.readLimit().end();
        assertThat(confirmed).isEqualTo(master.maxPhysicalOffset());

        // Member 2 goes away but stays in the set: what is written now is held by no replica.
        slaveRole.close();
        slaveRole = null;
        for (int i = 0; i < 3; i++) {
            put(master, "unconfirmed-" + i);
        }
        awaitDispatchAtLimit(master);
        assertThat(master.readLimit().end()).isEqualTo(confirmed);
        assertThat(master.maxOffset(TOPIC, 0)).isEqualTo(5);
    }

    @Test
    void shouldConfirmNothingMoreOnceTheSetNoLongerHoldsThisMaster() throws Exception {
        startGroup(Set.of(1L, 2L));
        put(master, "confirmed");
        Await.until(WAIT, () -> master.maxOffset(TOPIC, 0) == 1, "the confirmed record");
        long held = master.readLimit().end();

        // Deposed: its controller client empties the set while the HA side still runs.
        members.set(Set.of(), 0);
        put(master, "tail");
        long end = master.maxPhysicalOffset();
        Await.until(
                WAIT,
                () -> masterRole.master().slaveAcks().getOrDefault(2L, -1L) >= end,
                "the slave's acknowledgement of the tail");
        awaitDispatchAtLimit(master);
        assertThat(master.readLimit().end()).isEqualTo(held);
        assertThat(master.maxOffset(TOPIC, 0)).isEqualTo(1);
    }

    @Test
    void shouldHoldASlavesReadsAtTheMastersConfirmOffsetUntilItIsPromoted() throws Exception {
        // Member 3 never links, so nothing is confirmed: the slave copies but must not serve.
        startGroup(Set.of(1L, 2L, 3L));
        for (int i = 0; i < 3; i++) {
            put(master, "copied-" + i);
        }
        long end = master.maxPhysicalOffset();
        Await.until(WAIT, () -> slave.maxPhysicalOffset() == end, "the slave's copy");
        awaitDispatchAtLimit(slave);
        assertThat(slave.readLimit().end()).isZero();
        assertThat(slave.maxOffset(TOPIC, 0)).isZero();
        assertThat(master.maxOffset(TOPIC, 0)).isZero();

        // Elected, its log is the group's: all of it readable, the next send after it.
        masterRole.close();
        masterRole = null;
        slaveRole.changeToMaster(2, 2);
        assertThat(slave.maxOffset(TOPIC, 0)).isEqualTo(3);
        assertThat(put(slave, "after-promotion").queueOffset()).isEqualTo(3);
    }

    /** Dispatch has done all it may: what is readable now stays so until the limit moves. */
    private static void awaitDispatchAtLimit(MessageStore store) {
        Await.until(
                WAIT,
                () -> store.dispatchedOffset() >= store.readLimit().end(),
                "dispatch to reach the read limit");
    }

    private static PutResult put(MessageStore store, String body) {
        MessageRecordWriter writer = new MessageRecordWriter();
        writer.start()
                .bornHost(new byte[] {127, 0, 0, 1}, 1)
                .storeHost(new byte[] {127, 0, 0, 1}, 2)
                .body(Unpooled.wrappedBuffer(body.getBytes(StandardCharsets.UTF_8)))
                .properties("");
        PutResult result = store.put(writer.prepare(TOPIC, 0)).join();
        assertThat(result.isOk()).as(body).isTrue();
        return result;
    }
}
