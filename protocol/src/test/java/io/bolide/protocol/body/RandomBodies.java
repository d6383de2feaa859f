package io.bolide.protocol.body;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Seeded random bodies whose values stay inside what the Apache classes can hold (valid enum names,
 * non-negative numeric keys, language names Apache knows), with hostile text in every string.
 */
final class RandomBodies {
    private static final String[] PIECES = {
        "a", "Topic", "%RETRY%", "é", "中", "\"", "\\", "{", "}", ":", ",", " ", "||", "\n",
        "\u2028", "😀", "[", "]", "'", "/", "0", "-"
    };
    private static final String[] LANGUAGES = {"JAVA", "CPP", "GO", "PYTHON", "RUST", "OTHER"};

    private final Random random;

    RandomBodies(long seed) {
        random = new Random(seed);
    }

    String text() {
        int pieces = random.nextInt(6);
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < pieces; i++) {
            s.append(PIECES[random.nextInt(PIECES.length)]);
        }
        return s.toString();
    }

    String maybeText() {
        return random.nextInt(4) == 0 ? null : text();
    }

    int smallInt() {
        return random.nextInt(1 << random.nextInt(31));
    }

    long anyLong() {
        return random.nextBoolean() ? random.nextLong() : random.nextInt(100_000);
    }

    boolean bool() {
        return random.nextBoolean();
    }

    /** A finite double that round-trips through text exactly. */
    double tps() {
        return random.nextInt(4) == 0 ? 0.0 : random.nextInt(1_000_000) / 8.0;
    }

    <E extends Enum<E>> E pick(Class<E> type) {
        E[] values = type.getEnumConstants();
        return values[random.nextInt(values.length)];
    }

    <T> List<T> listOf(Supplier<T> element) {
        int size = random.nextInt(4);
        List<T> list = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            list.add(element.get());
        }
        return list;
    }

    <T> Set<T> setOf(Supplier<T> element) {
        return new LinkedHashSet<>(listOf(element));
    }

    <K, V> Map<K, V> mapOf(Supplier<K> key, Supplier<V> value) {
        int size = random.nextInt(4);
        Map<K, V> map = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            map.put(key.get(), value.get());
        }
        return map;
    }

    MessageQueue messageQueue() {
        return new MessageQueue(text(), text(), smallInt());
    }

    QueueData queueData() {
        return new QueueData(text(), smallInt(), smallInt(), random.nextInt(16), random.nextInt(4));
    }

    BrokerData brokerData() {
        return new BrokerData(
                text(),
                text(),
                mapOf(() -> (long) random.nextInt(1 << 20), this::text),
                bool(),
                maybeText());
    }

    TopicRouteData topicRouteData() {
        return new TopicRouteData(
                maybeText(),
                listOf(this::queueData),
                listOf(this::brokerData),
                mapOf(this::text, () -> listOf(this::text)),
                null);
    }

    ClusterInfo clusterInfo() {
        return new ClusterInfo(
                mapOf(this::text, this::brokerData), mapOf(this::text, () -> setOf(this::text)));
    }

    TopicList topicList() {
        return new TopicList(setOf(this::text), maybeText());
    }

    GroupList groupList() {
        return new GroupList(setOf(this::text));
    }

    KVTable kvTable() {
        return new KVTable(mapOf(this::text, this::text));
    }

    /**
     * The counter stays within int range: fastjson2 (2.0.43 here) reads Apache's {@code AtomicLong
     * counter} through an int and fails beyond it ("int overflow").
     */
    DataVersion dataVersion() {
        return new DataVersion(anyLong(), anyLong(), random.nextInt(Integer.MAX_VALUE));
    }

    TopicConfig topicConfig() {
        return TopicConfig.builder(text())
                .readQueueNums(smallInt())
                .writeQueueNums(smallInt())
                .perm(random.nextInt(16))
                .topicFilterType(pick(TopicFilterType.class))
                .topicSysFlag(random.nextInt(4))
                .order(bool())
                .attributes(mapOf(this::text, this::text))
                .build();
    }

    TopicConfigSerializeWrapper topicConfigWrapper(boolean withMapping) {
        return new TopicConfigSerializeWrapper(
                mapOf(this::text, this::topicConfig),
                dataVersion(),
                withMapping ? dataVersion() : null,
                withMapping ? Map.of() : null,
                withMapping ? Map.of() : null);
    }

    RegisterBrokerBody registerBrokerBody() {
        return new RegisterBrokerBody(topicConfigWrapper(true), listOf(this::text));
    }

    SubscriptionData subscriptionData() {
        return new SubscriptionData(
                bool(),
                text(),
                text(),
                setOf(this::text),
                setOf(random::nextInt),
                anyLong(),
                random.nextBoolean() ? "TAG" : "SQL92");
    }

    ConsumerData consumerData() {
        return new ConsumerData(
                text(),
                pick(ConsumeType.class),
                pick(MessageModel.class),
                pick(ConsumeFromWhere.class),
                setOf(this::subscriptionData),
                bool());
    }

    HeartbeatData heartbeatData() {
        return new HeartbeatData(
                text(),
                setOf(() -> new ProducerData(text())),
                setOf(this::consumerData),
                random.nextInt(),
                bool());
    }

    GetConsumerListByGroupResponseBody consumerList() {
        return new GetConsumerListByGroupResponseBody(listOf(this::text));
    }

    QueryAssignmentRequestBody assignmentQuery() {
        return new QueryAssignmentRequestBody(
                text(), text(), text(), text(), pick(MessageModel.class));
    }

    QueryAssignmentResponseBody assignmentResponse() {
        return new QueryAssignmentResponseBody(
                setOf(
                        () ->
                                new MessageQueueAssignment(
                                        messageQueue(),
                                        pick(MessageRequestMode.class),
                                        mapOf(this::text, this::text))));
    }

    SetMessageRequestModeRequestBody requestMode() {
        return new SetMessageRequestModeRequestBody(
                text(), text(), pick(MessageRequestMode.class), smallInt());
    }

    BatchAckMessageRequestBody batchAck() {
        return new BatchAckMessageRequestBody(
                text(),
                listOf(
                        () -> {
                            // The reference reads an empty set back as none.
                            java.util.BitSet bits = new java.util.BitSet();
                            bits.set(random.nextInt(96));
                            for (int i = random.nextInt(40); i > 0; i--) {
                                bits.set(random.nextInt(96));
                            }
                            return new BatchAck(
                                    text(),
                                    text(),
                                    text(),
                                    anyLong(),
                                    smallInt(),
                                    smallInt(),
                                    anyLong(),
                                    anyLong(),
                                    bits);
                        }));
    }

    MessageRequestModeSerializeWrapper requestModes() {
        return new MessageRequestModeSerializeWrapper(
                mapOf(this::text, () -> mapOf(this::text, this::requestMode)));
    }

    LockBatchRequestBody lockRequest() {
        return new LockBatchRequestBody(text(), text(), setOf(this::messageQueue), bool());
    }

    UnlockBatchRequestBody unlockRequest() {
        return new UnlockBatchRequestBody(text(), text(), setOf(this::messageQueue), bool());
    }

    LockBatchResponseBody lockResponse() {
        return new LockBatchResponseBody(setOf(this::messageQueue));
    }

    Connection connection() {
        return new Connection(
                text(), text(), LANGUAGES[random.nextInt(LANGUAGES.length)], smallInt());
    }

    ConsumerConnection consumerConnection() {
        return new ConsumerConnection(
                setOf(this::connection),
                mapOf(this::text, this::subscriptionData),
                pick(ConsumeType.class),
                pick(MessageModel.class),
                pick(ConsumeFromWhere.class));
    }

    ProducerConnection producerConnection() {
        return new ProducerConnection(setOf(this::connection));
    }

    TopicStatsTable topicStatsTable() {
        return new TopicStatsTable(
                mapOf(this::messageQueue, () -> new TopicOffset(anyLong(), anyLong(), anyLong())),
                tps());
    }

    ConsumeStats consumeStats() {
        return new ConsumeStats(
                mapOf(
                        this::messageQueue,
                        () -> new OffsetWrapper(anyLong(), anyLong(), anyLong(), anyLong())),
                tps());
    }

    ResetOffsetBody resetOffsetBody() {
        return new ResetOffsetBody(mapOf(this::messageQueue, this::anyLong));
    }

    GetConsumerStatusBody consumerStatus() {
        return new GetConsumerStatusBody(
                mapOf(this::messageQueue, this::anyLong),
                mapOf(this::text, () -> mapOf(this::messageQueue, this::anyLong)));
    }

    HARuntimeInfo haRuntimeInfo() {
        return new HARuntimeInfo(
                bool(),
                anyLong(),
                smallInt(),
                listOf(
                        () ->
                                new HARuntimeInfo.ConnectionInfo(
                                        text(), anyLong(), anyLong(), bool(), anyLong(),
                                        anyLong())),
                new HARuntimeInfo.ClientInfo(
                        maybeText(), anyLong(), anyLong(), anyLong(), anyLong(), anyLong()));
    }

    QueryCorrectionOffsetBody correctionOffsets() {
        return new QueryCorrectionOffsetBody(mapOf(this::smallInt, this::anyLong));
    }

    ConsumeMessageDirectlyResult directResult() {
        return new ConsumeMessageDirectlyResult(
                bool(), bool(), pick(ConsumeResult.class), maybeText(), anyLong());
    }

    QueryConsumeQueueResponseBody consumeQueueBody() {
        return new QueryConsumeQueueResponseBody(
                random.nextBoolean() ? subscriptionData() : null,
                maybeText(),
                listOf(this::consumeQueueData),
                anyLong(),
                anyLong());
    }

    private ConsumeQueueData consumeQueueData() {
        return new ConsumeQueueData(
                anyLong(), smallInt(), anyLong(), maybeText(), maybeText(), bool(), maybeText());
    }

    SubscriptionGroupConfig groupConfig() {
        return SubscriptionGroupConfig.builder(text())
                .consumeEnable(bool())
                .consumeFromMinEnable(bool())
                .consumeBroadcastEnable(bool())
                .consumeMessageOrderly(bool())
                .retryQueueNums(smallInt())
                .retryMaxTimes(random.nextInt(32))
                .groupRetryPolicy(retryPolicy())
                .brokerId(random.nextInt(3))
                .whichBrokerWhenConsumeSlowly(random.nextInt(3))
                .notifyConsumerIdsChangedEnable(bool())
                .groupSysFlag(random.nextInt(4))
                .consumeTimeoutMinute(smallInt())
                .subscriptionDataSet(random.nextBoolean() ? null : setOf(this::simpleSubscription))
                .attributes(mapOf(this::text, this::text))
                .build();
    }

    private SimpleSubscriptionData simpleSubscription() {
        return new SimpleSubscriptionData(text(), "TAG", text(), anyLong());
    }

    private GroupRetryPolicy retryPolicy() {
        return new GroupRetryPolicy(
                pick(GroupRetryPolicyType.class),
                random.nextBoolean()
                        ? null
                        : new ExponentialRetryPolicy(anyLong(), anyLong(), smallInt()),
                random.nextBoolean() ? null : new CustomizedRetryPolicy(listOf(this::anyLong)));
    }

    SubscriptionGroupWrapper groupWrapper() {
        return new SubscriptionGroupWrapper(
                mapOf(this::text, this::groupConfig),
                mapOf(this::text, () -> mapOf(this::text, random::nextInt)),
                dataVersion());
    }

    ConsumerOffsetSerializeWrapper consumerOffsets() {
        return new ConsumerOffsetSerializeWrapper(
                mapOf(this::text, () -> mapOf(this::smallInt, this::anyLong)),
                random.nextBoolean() ? dataVersion() : null);
    }

    BrokerStatsData brokerStats() {
        return new BrokerStatsData(statsItem(), statsItem(), statsItem());
    }

    private BrokerStatsItem statsItem() {
        return new BrokerStatsItem(anyLong(), tps(), tps());
    }

    ProducerTableInfo producerTable() {
        return new ProducerTableInfo(
                mapOf(
                        this::text,
                        () ->
                                listOf(
                                        () ->
                                                new ProducerInfo(
                                                        text(),
                                                        text(),
                                                        LANGUAGES[random.nextInt(LANGUAGES.length)],
                                                        smallInt(),
                                                        anyLong()))));
    }

    ConsumeStatsList consumeStatsList() {
        return new ConsumeStatsList(
                listOf(() -> mapOf(this::text, () -> listOf(this::consumeStats))),
                maybeText(),
                anyLong(),
                anyLong());
    }

    QuerySubscriptionResponseBody subscriptionResponse() {
        return new QuerySubscriptionResponseBody(
                random.nextBoolean() ? subscriptionData() : null, text(), text());
    }

    SubscriptionGroupList groupList2() {
        return new SubscriptionGroupList(listOf(this::groupConfig));
    }

    CreateTopicListRequestBody topicListBody() {
        return new CreateTopicListRequestBody(listOf(this::topicConfig));
    }
}
