package io.bolide.protocol.body;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Random;
import java.util.zip.DeflaterOutputStream;
import org.apache.rocketmq.common.MQVersion;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingInfo;
import org.junit.jupiter.api.Test;

/** The compressed registration against Apache's {@code RegisterBrokerBody.encode(true)/decode}. */
class CompressedRegistrationCodecTest {
    private static final int MAX = 1 << 20;

    /** Topic names and attribute texts without spaces: the text form splits on them. */
    private static RegisterBrokerBody randomBody(Random random) {
        Map<String, TopicConfig> topics = new LinkedHashMap<>();
        for (int i = random.nextInt(5); i > 0; i--) {
            String name = "T" + random.nextInt(1000) + "_é";
            topics.put(
                    name,
                    TopicConfig.builder(name)
                            .readQueueNums(random.nextInt(64))
                            .writeQueueNums(random.nextInt(64))
                            .perm(random.nextInt(8))
                            .topicFilterType(TopicFilterType.values()[random.nextInt(2)])
                            .attributes(
                                    random.nextBoolean()
                                            ? Map.of()
                                            : Map.of("+message.type", "NORMAL"))
                            .build());
        }
        DataVersion version =
                new DataVersion(random.nextInt(9), random.nextLong(), random.nextInt(99));
        return new RegisterBrokerBody(
                new TopicConfigSerializeWrapper(topics, version, null, Map.of(), null),
                Arrays.asList("fs" + random.nextInt(9)));
    }

    @Test
    void shouldDecodeWhatApacheCompressesAndViceVersa() throws IOException {
        Random random = new Random(3);
        for (int round = 0; round < 30; round++) {
            RegisterBrokerBody body = randomBody(random);
            org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody apache =
                    RemotingSerializable.decode(
                            BodyCodec.encode(body),
                            org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody.class);
            byte[] apacheCompressed = apache.encode(true);

            RegisterBrokerBody fromApache =
                    CompressedRegistrationCodec.decode(
                            apacheCompressed, 0, apacheCompressed.length, true, MAX);
            assertThat(fromApache).isEqualTo(body);

            byte[] ours = CompressedRegistrationCodec.encode(body);
            org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody back =
                    org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody.decode(
                            ours, true, MQVersion.Version.V5_4_0);
            RegisterBrokerBody readBack =
                    BodyCodec.decode(RemotingSerializable.encode(back), RegisterBrokerBody.class);
            assertThat(readBack.topicConfigSerializeWrapper().topicConfigTable())
                    .isEqualTo(body.topicConfigSerializeWrapper().topicConfigTable());
            assertThat(readBack.topicConfigSerializeWrapper().dataVersion())
                    .isEqualTo(body.topicConfigSerializeWrapper().dataVersion());
            assertThat(readBack.filterServerList()).isEqualTo(body.filterServerList());
        }
    }

    @Test
    void shouldCarryStaticTopicMappingInfoFromFiveZeroBrokersOnly() throws IOException {
        org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody apache =
                new org.apache.rocketmq.remoting.protocol.body.RegisterBrokerBody();
        apache.getTopicConfigSerializeWrapper()
                .getTopicQueueMappingInfoMap()
                .put("S", new TopicQueueMappingInfo("S", 8, "broker-a", 3));
        byte[] compressed = apache.encode(true);

        RegisterBrokerBody v5 =
                CompressedRegistrationCodec.decode(compressed, 0, compressed.length, true, MAX);
        RegisterBrokerBody v4 =
                CompressedRegistrationCodec.decode(compressed, 0, compressed.length, false, MAX);

        assertThat(v5.topicConfigSerializeWrapper().topicQueueMappingInfoMap())
                .containsOnlyKeys("S")
                .extractingByKey("S")
                .asInstanceOf(org.assertj.core.api.InstanceOfAssertFactories.MAP)
                .containsEntry("bname", "broker-a")
                .containsEntry("totalQueues", 8);
        assertThat(v4.topicConfigSerializeWrapper().topicQueueMappingInfoMap()).isNull();
    }

    @Test
    void shouldDropOrderAndSysFlagLikeTheTextForm() {
        TopicConfig ordered = TopicConfig.builder("T").order(true).topicSysFlag(3).build();

        TopicConfig back =
                CompressedRegistrationCodec.parseTopic(
                        CompressedRegistrationCodec.formatTopic(ordered));

        assertThat(back).isEqualTo(TopicConfig.builder("T").build());
    }

    @Test
    void shouldRejectCorruptTruncatedAndOversizedInput() throws IOException {
        byte[] valid = CompressedRegistrationCodec.encode(randomBody(new Random(5)));
        for (int length = 0; length < valid.length; length++) {
            int cut = length;
            assertThatThrownBy(() -> CompressedRegistrationCodec.decode(valid, 0, cut, true, MAX))
                    .isInstanceOf(ProtocolDecodeException.class);
        }
        byte[] garbage = {1, 2, 3, 4, 5, 6, 7, 8};
        assertThatThrownBy(() -> CompressedRegistrationCodec.decode(garbage, 0, 8, true, MAX))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(
                        () -> CompressedRegistrationCodec.decode(valid, 0, valid.length, true, 16))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldRejectHostileLengthsInsideAValidStream() throws IOException {
        assertRejected(deflate(-1));
        assertRejected(deflate(Integer.MAX_VALUE));
        byte[] version = BodyCodec.encode(new DataVersion(0, 0, 0));
        assertRejected(deflate(version.length, version, Integer.MAX_VALUE));
        byte[] badTopic = "T x 1 6 SINGLE_TAG {}".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        assertRejected(deflate(version.length, version, 1, badTopic.length, badTopic));
    }

    private static void assertRejected(byte[] compressed) {
        assertThatThrownBy(
                        () ->
                                CompressedRegistrationCodec.decode(
                                        compressed, 0, compressed.length, true, MAX))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    /** Ints and byte arrays, deflated: hand-made streams with chosen lengths. */
    private static byte[] deflate(Object... parts) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new DeflaterOutputStream(bytes))) {
            for (Object part : parts) {
                if (part instanceof Integer value) {
                    out.writeInt(value);
                } else {
                    out.write((byte[]) part);
                }
            }
        }
        return bytes.toByteArray();
    }
}
