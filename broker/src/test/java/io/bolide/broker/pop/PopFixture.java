package io.bolide.broker.pop;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.fixture.StoreFixture;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.registration.Advertised;
import io.bolide.broker.retry.RetryCopy;
import io.bolide.broker.stats.BrokerStats;
import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.JsonFile;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.SubscriptionGroupTable;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.store.MessageStore;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.MutableClock;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;

/**
 * The POP path as the broker assembles it (handlers, book, pop log, hold, reviver; real tables and
 * store) served on an embedded channel. The pop agent's thread is not started: tests run its duty
 * cycle with {@link #duty()} on their own thread, on a clock they move.
 */
final class PopFixture implements AutoCloseable {
    static final String TOPIC = "PopTopic";
    static final String GROUP = "popGroup";
    static final String BROKER = "broker-a";
    static final long INVISIBLE = 30_000;

    final MutableClock clock;
    final Path dir;
    final StoreFixture store;
    final TopicTable topics;
    final ConsumerOffsetTable offsets;
    final SubscriptionGroupTable groups;
    final EmbeddedServer server = new EmbeddedServer();
    final BrokerStats stats = new BrokerStats(java.time.Clock.systemUTC());
    PopBook book;
    PopHold hold;
    Popper popper;
    PopAgent agent;

    /** The next draw in [0, 100) of a pop of a PRIORITY topic. */
    volatile int priorityDraw = 99;

    /** {@code popFromRetryProbabilityForPriority} as the pops see it. */
    volatile int retryPercentForPriority = 0;

    /** {@code priorityOrderAsc} as the pops see it. */
    volatile boolean highestFirst = true;

    PopFixture(Path dir, MutableClock clock) throws IOException {
        this.dir = dir;
        this.clock = clock;
        BrokerConfig config = BrokerConfig.builder().brokerName(BROKER).build();
        PopHold[] holder = new PopHold[1];
        store =
                StoreFixture.open(
                        StoreFixture.small(
                                        dir.resolve("store"),
                                        (t, q, o, c) -> holder[0].arrived(t, q, o, c),
                                        clock)
                                .build());
        topics = new TopicTable(new JsonFile(dir.resolve("config/topics.json")));
        topics.load(config);
        topics.put(TopicTable.config(TOPIC, 2, Perm.READ | Perm.WRITE));
        groups =
                new SubscriptionGroupTable(
                        new JsonFile(dir.resolve("config/groups.json")), () -> true);
        ClientRegistry clients = new ClientRegistry(topics, groups);
        offsets = new ConsumerOffsetTable(new JsonFile(dir.resolve("config/offsets.json")));
        book = PopBook.open(dir.resolve("config/pop.log"), offsets, clock);
        hold = new PopHold(clock, () -> {});
        holder[0] = hold;
        PriorityOrder priority =
                new PriorityOrder(
                        () -> priorityDraw, () -> retryPercentForPriority, () -> highestFirst);
        popper = new Popper(book, store.store(), topics, offsets, () -> 256 * 1024, priority);
        PopMessageHandler pop = new PopMessageHandler(() -> config, topics, clients, popper, hold);
        Reviver reviver =
                new Reviver(
                        book,
                        store.store(),
                        topics,
                        groups,
                        new RetryCopy(store.store(), Advertised.choose("127.0.0.1", 10911)),
                        stats);
        agent =
                new PopAgent(
                        book,
                        reviver,
                        hold,
                        pop,
                        PopFeature.COMPACT_BYTES,
                        () -> TimeUnit.MILLISECONDS.toNanos(clock.getAsLong()));
        RequestModes modes = new RequestModes(new JsonFile(dir.resolve("config/modes.json")));
        PopFeature.serve(
                new Codes(server::register),
                () -> config,
                new PopFeature.Tables(
                        topics, clients, offsets, groups, dir.resolve("config"), null),
                store.store(),
                book,
                modes,
                pop);
    }

    /** A POP of {@link #TOPIC}, any queue, as the push consumer sends it. */
    static Map<String, String> pop(int max, long invisibleTime, long pollTime) {
        return Wire.fields(
                "consumerGroup",
                GROUP,
                "topic",
                TOPIC,
                "queueId",
                -1,
                "maxMsgNums",
                max,
                "invisibleTime",
                invisibleTime,
                "pollTime",
                pollTime,
                "bornTime",
                0,
                "initMode",
                0,
                "expType",
                "TAG",
                "exp",
                "*");
    }

    Wire.Reply pop(int max) {
        return Wire.call(server, RequestCode.POP_MESSAGE, pop(max, INVISIBLE, 0), null);
    }

    Wire.Reply ack(MessageExt message) {
        String handle = message.getProperty("POP_CK");
        String[] f = handle.split(" ");
        String topic = "1".equals(f[4]) ? ReceiptHandle.retryTopic(GROUP, TOPIC) : TOPIC;
        return Wire.call(
                server,
                RequestCode.ACK_MESSAGE,
                Wire.fields(
                        "consumerGroup", GROUP,
                        "topic", topic,
                        "queueId", f[6],
                        "offset", f[7],
                        "extraInfo", handle),
                null);
    }

    /** The official client's view of a POP answer: messages with their POP_CK as it builds it. */
    static List<MessageExt> messages(Wire.Reply reply) {
        List<MessageExt> found =
                MessageDecoder.decodesBatch(ByteBuffer.wrap(reply.body()), true, true, true);
        ClientView.attachHandles(found, reply.fields(), BROKER);
        return found;
    }

    void put(int queueId, String body) {
        store.put(TOPIC, queueId, body, "UNIQ_KEY", "id-" + body);
    }

    /** One duty cycle of the pop agent; then waits until what it stored is dispatched. */
    int duty() {
        int work = agent.doWork();
        MessageStore s = store.store();
        Await.until(() -> s.dispatchedOffset() >= s.maxPhysicalOffset(), "retry copies dispatched");
        return work;
    }

    /** Closes what a kill -9 would not leave behind: nothing of the pop log is written here. */
    @Override
    public void close() throws IOException {
        server.close();
        book.close();
        store.close();
    }
}
