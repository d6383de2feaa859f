package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.protocol.header.RegisterBrokerResponseHeader;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.RemotingServerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.ConsumerOffsetSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.body.TopicConfigSerializeWrapper;
import org.apache.rocketmq.remoting.protocol.header.CreateTopicRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.GetSubscriptionGroupConfigRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.UpdateConsumerOffsetRequestHeader;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slave's side of a group, against a stand-in name server that names its master: what it
 * registers, how it learns (and re-learns) its master, the tables it copies from a real master
 * broker and keeps across a restart, and how it answers pulls.
 */
@ExtendWith(LeakCheck.class)
class SlaveTest {
    private static final Duration WAIT = Duration.ofSeconds(10);

    @TempDir Path dir;

    /** Answers every registration with the master it is told to name, recording the headers. */
    static final class MasterNamingServer implements AutoCloseable {
        final RemotingServer server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        final AtomicReference<String> master = new AtomicReference<>();
        final AtomicReference<String> ha = new AtomicReference<>();
        final ConcurrentLinkedQueue<Map<String, String>> registrations =
                new ConcurrentLinkedQueue<>();

        MasterNamingServer() throws Exception {
            server.registerHandler(
                    RequestCode.REGISTER_BROKER,
                    (request, exchange) -> {
                        registrations.add(request.extFieldMap());
                        exchange.respond(
                                0,
                                null,
                                new RegisterBrokerResponseHeader()
                                        .masterAddr(master.get())
                                        .haServerAddr(ha.get()),
                                null);
                    });
            server.registerHandler(
                    RequestCode.UNREGISTER_BROKER,
                    (request, exchange) -> exchange.respond(0, null));
            server.start();
        }

        String address() {
            return "127.0.0.1:" + server.port();
        }

        @Override
        public void close() {
            try {
                server.shutdown(Duration.ofMillis(500));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private BrokerConfig.Builder slave(Path store, String namesrv, boolean slaveReadEnable) {
        return TestBrokers.config(store)
                .namesrvAddr(namesrv)
                .set("brokerRole", "SLAVE")
                .set("brokerId", "1")
                .set("slaveReadEnable", Boolean.toString(slaveReadEnable));
    }

    @Test
    void shouldRegisterItsIdAndHaAddressAndFollowTheMasterTheAnswersName() throws Exception {
        try (MasterNamingServer nameServer = new MasterNamingServer()) {
            nameServer.master.set("10.0.0.1:10911");
            nameServer.ha.set("10.0.0.1:10912");
            Broker slave = Broker.start(slave(dir, nameServer.address(), false).build());
            try {
                List<String> told = new CopyOnWriteArrayList<>();
                slave.master().listen(told::add);
                Await.until(WAIT, () -> told.contains("10.0.0.1:10912"), "learn the master");
                assertThat(slave.master().master()).isEqualTo("10.0.0.1:10911");
                assertThat(nameServer.registrations.peek())
                        .containsEntry("brokerId", "1")
                        .containsEntry("haServerAddr", "127.0.0.1:" + (slave.port() + 1));

                nameServer.master.set("10.0.0.2:10911");
                nameServer.ha.set("10.0.0.2:10912");
                createTopic(slave.address(), "MakesItRegister");

                Await.until(WAIT, () -> told.contains("10.0.0.2:10912"), "learn the new master");
                assertThat(told).containsExactly("10.0.0.1:10912", "10.0.0.2:10912");
                assertThat(slave.master().master()).isEqualTo("10.0.0.2:10911");
            } finally {
                slave.close();
            }
        }
    }

    @Test
    void shouldCopyTheMastersTablesAndKeepThemAcrossARestart() throws Exception {
        Broker master = Broker.start(TestBrokers.config(dir.resolve("master")).build());
        Path slaveStore = dir.resolve("slave");
        try (MasterNamingServer nameServer = new MasterNamingServer();
                ApacheCalls toMaster = new ApacheCalls(master.address(), SerializeType.JSON)) {
            createTopic(master.address(), "Copied");
            commitOffset(toMaster, "Copied", 7);
            createGroup(toMaster, "copiedGroup");
            nameServer.master.set(master.address());
            Broker slave = Broker.start(slave(slaveStore, nameServer.address(), true).build());
            try (ApacheCalls toSlave = new ApacheCalls(slave.address(), SerializeType.JSON)) {
                Await.until(WAIT, () -> hasEverything(toSlave), "the slave copies the tables");
                Await.until(
                        WAIT,
                        () -> sameTimerState(toMaster, toSlave),
                        "the slave copies the timer checkpoint and metrics");
                RemotingCommand delay = toSlave.call(RequestCode.GET_ALL_DELAY_OFFSET, null, null);
                assertThat(new String(delay.getBody(), StandardCharsets.UTF_8))
                        .startsWith("{\"offsetTable\":{\"1\":0");
            } finally {
                slave.close();
            }
        } finally {
            master.close();
        }
        // The adopted timer progress is the slave's own state once it restarts (or is promoted).
        assertThat(Files.readString(slaveStore.resolve("config/timerCheckpoint.json")))
                .startsWith("{\"scanFrom\":0,\"ingested\":0,\"cursor\":");
        Broker restarted = Broker.start(slave(slaveStore, "", true).build());
        try (ApacheCalls toSlave = new ApacheCalls(restarted.address(), SerializeType.JSON)) {
            assertThat(hasEverything(toSlave)).as("persisted copies").isTrue();
        } finally {
            restarted.close();
        }
    }

    @Test
    void shouldRefusePullsUnlessSlaveReadIsOnAndAnswerAnOutOfRangeOffsetAtOnce() throws Exception {
        Broker refusing = Broker.start(slave(dir.resolve("a"), "", false).build());
        try (ApacheCalls apache = new ApacheCalls(refusing.address(), SerializeType.JSON)) {
            RemotingCommand refused = apache.pull("SELF_TEST_TOPIC", 0, 0, "*", 0);
            assertThat(refused.getCode()).isEqualTo(ResponseCode.SYSTEM_BUSY);
            assertThat(refused.getRemark())
                    .isEqualTo("[REJECTREQUEST]system busy, start flow control for a while");
        } finally {
            refusing.close();
        }
        Broker reading = Broker.start(slave(dir.resolve("b"), "", true).build());
        try (ApacheCalls apache = new ApacheCalls(reading.address(), SerializeType.JSON)) {
            long started = System.nanoTime();
            // Offset 3 of an empty queue is out of range: a slave answers at once, keeps the
            // offset, and suggests the group's broker (0 here), as Apache 5.5.0's slave does.
            RemotingCommand back = apache.pull("SELF_TEST_TOPIC", 0, 3, "*", 15_000);
            assertThat(back.getCode()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
            assertThat(back.getExtFields())
                    .containsEntry("suggestWhichBrokerId", "0")
                    .containsEntry("nextBeginOffset", "3");
            assertThat(Duration.ofNanos(System.nanoTime() - started))
                    .as("not held")
                    .isLessThan(Duration.ofSeconds(5));
        } finally {
            reading.close();
        }
    }

    /** GET_TIMER_CHECK_POINT and GET_TIMER_METRICS answer the same bytes on both brokers. */
    private static boolean sameTimerState(ApacheCalls master, ApacheCalls slave) {
        try {
            for (int code :
                    new int[] {RequestCode.GET_TIMER_CHECK_POINT, RequestCode.GET_TIMER_METRICS}) {
                RemotingCommand theirs = master.call(code, null, null);
                RemotingCommand ours = slave.call(code, null, null);
                assertThat(theirs.getCode()).isZero();
                if (!Arrays.equals(theirs.getBody(), ours.getBody())) {
                    return false;
                }
            }
            return true;
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean hasEverything(ApacheCalls slave) {
        try {
            return copied(slave);
        } catch (Exception e) {
            return false;
        }
    }

    private static boolean copied(ApacheCalls slave) throws Exception {
        RemotingCommand topics = slave.call(RequestCode.GET_ALL_TOPIC_CONFIG, null, null);
        TopicConfigSerializeWrapper table =
                RemotingSerializable.decode(topics.getBody(), TopicConfigSerializeWrapper.class);
        RemotingCommand offsets = slave.call(RequestCode.GET_ALL_CONSUMER_OFFSET, null, null);
        ConsumerOffsetSerializeWrapper committed =
                RemotingSerializable.decode(
                        offsets.getBody(), ConsumerOffsetSerializeWrapper.class);
        GetSubscriptionGroupConfigRequestHeader get = new GetSubscriptionGroupConfigRequestHeader();
        get.setGroup("copiedGroup");
        RemotingCommand group = slave.call(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, get, null);
        Map<Integer, Long> og = committed.getOffsetTable().get("Copied@og");
        return table.getTopicConfigTable().containsKey("Copied")
                && og != null
                && Long.valueOf(7).equals(og.get(0))
                && group.getCode() == ResponseCode.SUCCESS
                && RemotingSerializable.decode(group.getBody(), SubscriptionGroupConfig.class)
                                .getRetryMaxTimes()
                        == 5;
    }

    static void createTopic(String broker, String topic) throws Exception {
        try (ApacheCalls apache = new ApacheCalls(broker, SerializeType.JSON)) {
            CreateTopicRequestHeader create = new CreateTopicRequestHeader();
            create.setTopic(topic);
            create.setDefaultTopic("TBW102");
            create.setReadQueueNums(4);
            create.setWriteQueueNums(4);
            create.setPerm(6);
            create.setTopicFilterType("SINGLE_TAG");
            create.setTopicSysFlag(0);
            create.setOrder(false);
            assertThat(apache.call(RequestCode.UPDATE_AND_CREATE_TOPIC, create, null).getCode())
                    .isZero();
        }
    }

    private static void commitOffset(ApacheCalls apache, String topic, long offset)
            throws Exception {
        UpdateConsumerOffsetRequestHeader update = new UpdateConsumerOffsetRequestHeader();
        update.setConsumerGroup("og");
        update.setTopic(topic);
        update.setQueueId(0);
        update.setCommitOffset(offset);
        assertThat(apache.call(RequestCode.UPDATE_CONSUMER_OFFSET, update, null).getCode())
                .isZero();
    }

    private static void createGroup(ApacheCalls apache, String group) throws Exception {
        SubscriptionGroupConfig config = new SubscriptionGroupConfig();
        config.setGroupName(group);
        // Not the default: an unknown group's lookup creates it with the defaults (as the
        // reference does), so only a setting of its own shows the slave copied it.
        config.setRetryMaxTimes(5);
        RemotingCommand created =
                apache.call(
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        null,
                        RemotingSerializable.encode(config));
        assertThat(created.getCode()).isZero();
    }
}
