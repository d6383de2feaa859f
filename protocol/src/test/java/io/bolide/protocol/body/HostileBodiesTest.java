package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Whatever the bytes, decoding ends in a body or a ProtocolDecodeException, nothing else. */
class HostileBodiesTest {

    private static final List<Function<RandomBodies, Object>> BODIES =
            List.of(
                    RandomBodies::topicRouteData,
                    RandomBodies::clusterInfo,
                    RandomBodies::heartbeatData,
                    RandomBodies::registerBrokerBody,
                    RandomBodies::lockRequest,
                    RandomBodies::consumerConnection,
                    RandomBodies::consumeStats,
                    RandomBodies::consumerStatus,
                    RandomBodies::groupWrapper,
                    RandomBodies::directResult);

    private static void assertRejected(String json, Class<?> type) {
        assertRejected(json.getBytes(StandardCharsets.UTF_8), type);
    }

    private static void assertRejected(byte[] json, Class<?> type) {
        assertThatThrownBy(() -> BodyCodec.decode(json, type))
                .as(new String(json, StandardCharsets.UTF_8))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldRejectInputThatIsNotJson() {
        assertRejected("", TopicRouteData.class);
        assertRejected("   ", TopicRouteData.class);
        assertRejected("null", TopicRouteData.class);
        assertRejected("{", TopicRouteData.class);
        assertRejected("}", TopicRouteData.class);
        assertRejected("{\"queueDatas\":[}", TopicRouteData.class);
        assertRejected("{\"a\":1}}", TopicRouteData.class);
        assertRejected("{\"a\" 1}", KVTable.class);
        assertRejected("not json", KVTable.class);
        assertRejected("{\"table\":{\"k\":\"v\"}} trailing", KVTable.class);
    }

    @Test
    void shouldRejectValuesOfTheWrongType() {
        assertRejected("{\"queueDatas\":\"x\"}", TopicRouteData.class);
        assertRejected("{\"queueDatas\":[1]}", TopicRouteData.class);
        assertRejected("{\"perm\":\"abc\"}", QueueData.class);
        assertRejected("{\"perm\":99999999999999999999}", QueueData.class);
        assertRejected("{\"perm\":{}}", QueueData.class);
        assertRejected("{\"brokerAddrs\":{\"master\":\"1.2.3.4:1\"}}", BrokerData.class);
        assertRejected("{\"mqSet\":[1]}", LockBatchRequestBody.class);
        assertRejected("{\"table\":[]}", KVTable.class);
        assertRejected("[]", KVTable.class);
        assertRejected("\"text\"", KVTable.class);
        assertRejected("{\"offsetTable\":{\"plainKey\":{}}}", ConsumeStats.class);
        assertRejected("{\"offsetTable\":{{\"queueId\":\"x\"}:{}}}", ConsumeStats.class);
        assertRejected("{\"offsetTable\":{{\"queueId\":1}:\"x\"}}", ConsumeStats.class);
        assertRejected(
                "{\"topicConfigTable\":{\"T\":{\"perm\":[]}}}", TopicConfigSerializeWrapper.class);
    }

    @Test
    void shouldRejectInvalidUtf8() {
        byte[] json = "{\"table\":{\"k\":\"v?\"}}".getBytes(StandardCharsets.UTF_8);
        json[json.length - 4] = (byte) 0xC3;
        json[json.length - 3] = (byte) 0x28;
        assertRejected(json, KVTable.class);
    }

    @Test
    void shouldRejectDeepNesting() {
        String deep = "{\"topicQueueMappingByBroker\":" + "{\"a\":".repeat(5000);
        assertRejected(deep, TopicRouteData.class);
        assertRejected("[".repeat(100_000), TopicRouteData.class);
    }

    @Test
    void shouldRejectEveryTruncationOfAValidBody() {
        RandomBodies random = new RandomBodies(7);
        for (Function<RandomBodies, Object> generator : BODIES) {
            Object body = generator.apply(random);
            byte[] json = BodyCodec.encode(body);
            for (int length = 0; length < json.length; length++) {
                assertRejected(Arrays.copyOf(json, length), body.getClass());
            }
        }
    }

    @Test
    void shouldDecodeOrRejectMutatedBodiesWithoutAnyOtherException() {
        RandomBodies bodies = new RandomBodies(11);
        Random random = new Random(13);
        byte[] interesting = "{}[]\":,\\0-.e\u00ff".getBytes(StandardCharsets.ISO_8859_1);
        for (int round = 0; round < 300; round++) {
            Object body = BODIES.get(round % BODIES.size()).apply(bodies);
            byte[] json = BodyCodec.encode(body);
            if (json.length == 0) {
                continue;
            }
            for (int flips = 1 + random.nextInt(3); flips > 0; flips--) {
                int at = random.nextInt(json.length);
                json[at] =
                        random.nextBoolean()
                                ? interesting[random.nextInt(interesting.length)]
                                : (byte) random.nextInt(256);
            }
            byte[] mutated = json;
            assertThatCode(
                            () -> {
                                try {
                                    BodyCodec.decode(mutated, body.getClass());
                                } catch (ProtocolDecodeException expected) {
                                    // Rejected with the typed exception: what hostile input earns.
                                }
                            })
                    .as(new String(mutated, StandardCharsets.ISO_8859_1))
                    .doesNotThrowAnyException();
        }
    }
}
