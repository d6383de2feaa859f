package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageId;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A broker without name server, driven by Apache 5.4.0's own remoting client and header classes in
 * both header serializations; pull bodies are decoded with Apache's MessageDecoder.
 */
@org.junit.jupiter.api.extension.ExtendWith(LeakCheck.class)
@ClientVersionDependent
class BrokerEndToEndTest {
    @TempDir static Path dir;
    private static Broker broker;

    @BeforeAll
    static void start() throws Exception {
        broker = Broker.start(TestBrokers.config(dir).build());
    }

    @AfterAll
    static void stop() {
        CLIENTS.values().forEach(ApacheCalls::shutdown);
        broker.close();
    }

    private static final java.util.Map<SerializeType, ApacheCalls> CLIENTS =
            new java.util.EnumMap<>(SerializeType.class);

    /** One Apache client per serialization for the whole class (its shutdown takes seconds). */
    private static synchronized ApacheCalls calls(SerializeType type) {
        return CLIENTS.computeIfAbsent(
                type, t -> new ApacheCalls("127.0.0.1:" + broker.port(), t).shared());
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldStoreSendAndServeItToAPull(SerializeType type) throws Exception {
        String topic = "SendPull" + type;
        try (ApacheCalls apache = calls(type)) {
            RemotingCommand sent = apache.sendV2(topic, 1, "TagA", "hello " + type);
            assertThat(sent.getCode()).as(sent.getRemark()).isEqualTo(ResponseCode.SUCCESS);
            SendMessageResponseHeader header =
                    sent.decodeCommandCustomHeader(SendMessageResponseHeader.class);
            assertThat(header.getQueueId()).isEqualTo(1);
            assertThat(header.getQueueOffset()).isZero();
            assertThat(sent.getExtFields())
                    .containsEntry("MSG_REGION", "DefaultRegion")
                    .containsEntry("TRACE_ON", "true")
                    .containsEntry("transactionId", "UNIQ-TagA");
            MessageId id = MessageDecoder.decodeMessageId(header.getMsgId());
            assertThat(id.getAddress().toString()).contains(":" + broker.port());

            apache.awaitDispatched(topic, 1, 1);
            RemotingCommand pulled = apache.pull(topic, 1, 0, "*", 0);
            assertThat(pulled.getCode()).isEqualTo(ResponseCode.SUCCESS);
            PullMessageResponseHeader pullHeader =
                    pulled.decodeCommandCustomHeader(PullMessageResponseHeader.class);
            assertThat(pullHeader.getNextBeginOffset()).isEqualTo(1);
            assertThat(pullHeader.getMaxOffset()).isEqualTo(1);
            assertThat(pullHeader.getMinOffset()).isZero();
            assertThat(pullHeader.getSuggestWhichBrokerId()).isZero();
            List<MessageExt> messages = ApacheCalls.decode(pulled);
            assertThat(messages).hasSize(1);
            MessageExt message = messages.get(0);
            assertThat(new String(message.getBody(), StandardCharsets.UTF_8))
                    .isEqualTo("hello " + type);
            assertThat(message.getTopic()).isEqualTo(topic);
            assertThat(message.getTags()).isEqualTo("TagA");
            assertThat(message.getKeys()).isEqualTo("KEY1 KEY2");
            assertThat(message.getUserProperty("userProp")).isEqualTo("v1");
            assertThat(message.getQueueId()).isEqualTo(1);
            assertThat(message.getQueueOffset()).isZero();
            assertThat(message.getStoreHost()).isEqualTo(id.getAddress());
            assertThat(message.getCommitLogOffset()).isEqualTo(id.getOffset());
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAcceptLongKeySendAndAnswerEmptyQueueWithNotFound(SerializeType type)
            throws Exception {
        String topic = "LongKeys" + type;
        try (ApacheCalls apache = calls(type)) {
            RemotingCommand sent = apache.sendV1(topic, 0, "T", new byte[] {1, 2, 3});
            assertThat(sent.getCode()).as(sent.getRemark()).isZero();
            apache.awaitDispatched(topic, 0, 1);
            RemotingCommand empty = apache.pull(topic, 2, 0, "*", 0);
            assertThat(empty.getCode()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            assertThat(empty.getExtFields()).containsEntry("nextBeginOffset", "0");
            RemotingCommand moved = apache.pull(topic, 0, 7, "*", 0);
            assertThat(moved.getCode()).isEqualTo(ResponseCode.PULL_OFFSET_MOVED);
            assertThat(moved.getExtFields()).containsEntry("nextBeginOffset", "1");
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldHoldPullUntilMessageArrives(SerializeType type) throws Exception {
        String topic = "LongPoll" + type;
        try (ApacheCalls apache = calls(type)) {
            assertThat(apache.sendV2(topic, 0, "A", "first").getCode()).isZero();
            apache.awaitDispatched(topic, 0, 1);
            long start = System.nanoTime();
            CompletableFuture<RemotingCommand> held =
                    CompletableFuture.supplyAsync(() -> pullQuietly(apache, topic, 1, 10_000));
            Await.until(java.time.Duration.ofSeconds(5), () -> heldPulls() > 0, "pull held");
            assertThat(held).isNotDone();
            assertThat(apache.sendV2(topic, 0, "A", "second").getCode()).isZero();
            RemotingCommand woken = held.get();
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(woken.getCode()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(ApacheCalls.decode(woken))
                    .extracting(m -> new String(m.getBody()))
                    .containsExactly("second");
            assertThat(millis).isLessThan(5_000);
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldAnswerNotFoundWhenHoldExpires(SerializeType type) throws Exception {
        String topic = "HoldExpiry" + type;
        try (ApacheCalls apache = calls(type)) {
            assertThat(apache.sendV2(topic, 0, "A", "only").getCode()).isZero();
            apache.awaitDispatched(topic, 0, 1);
            long start = System.nanoTime();
            RemotingCommand response = apache.pull(topic, 0, 1, "*", 300);
            long millis = (System.nanoTime() - start) / 1_000_000;
            assertThat(response.getCode()).isEqualTo(ResponseCode.PULL_NOT_FOUND);
            assertThat(response.getExtFields()).containsEntry("nextBeginOffset", "1");
            assertThat(millis).isBetween(250L, 3_000L);
        }
    }

    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldFilterByTagHash(SerializeType type) throws Exception {
        String topic = "Tags" + type;
        try (ApacheCalls apache = calls(type)) {
            for (String tag : new String[] {"TagA", "TagB", "TagC", "TagB"}) {
                assertThat(apache.sendV2(topic, 0, tag, "body-" + tag).getCode()).isZero();
            }
            apache.awaitDispatched(topic, 0, 4);
            RemotingCommand pulled = apache.pull(topic, 0, 0, "TagB || TagC", 0);
            assertThat(pulled.getCode()).isZero();
            assertThat(ApacheCalls.decode(pulled))
                    .extracting(MessageExt::getTags)
                    .containsExactly("TagB", "TagC", "TagB");
            RemotingCommand none = apache.pull(topic, 0, 0, "TagZ", 0);
            assertThat(none.getCode()).isEqualTo(ResponseCode.PULL_RETRY_IMMEDIATELY);
            assertThat(none.getExtFields()).containsEntry("nextBeginOffset", "4");
        }
    }

    private static RemotingCommand pullQuietly(
            ApacheCalls apache, String topic, long offset, long hold) {
        try {
            return apache.pull(topic, 0, offset, "*", hold);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static int heldPulls() {
        return TestBrokers.heldPulls(broker);
    }
}
