package io.bolide.protocol.frame;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON ext map is walked once when the frame is decoded and its field positions recorded;
 * header codecs then read the recorded fields. These cases pin what the recording must preserve.
 */
class RecordedExtFieldsTest {
    private static RemotingCommand decode(String header) {
        return FrameDecoder.decode(
                Unpooled.wrappedBuffer(HostileFrames.json(header)),
                FrameDescriptor.DEFAULT_MAX_FRAME);
    }

    @Test
    void shouldReadKeysOfAnyLengthIncludingBeyondTheRecordedCap() {
        String longKey = "k".repeat(300);
        String exact = "e".repeat(255);
        RemotingCommand command =
                decode(
                        "{\"extFields\":{\""
                                + longKey
                                + "\":\"1\",\""
                                + exact
                                + "\":\"2\",\"a\":\"3\"},\"code\":7}");
        assertThat(command.code()).isEqualTo(7);
        assertThat(command.extFieldMap())
                .containsExactlyInAnyOrderEntriesOf(Map.of(longKey, "1", exact, "2", "a", "3"));
    }

    @Test
    void shouldGiveTheSameFieldsOnEveryWalk() {
        RemotingCommand command =
                decode(
                        "{ \"code\" : 3 , \"extFields\" : { \"n\" : 42 , \"s\" : \"x\\u0001y\" ,"
                                + " \"z\" : null , \"b\" : true } , \"opaque\" : 9 }");
        for (int walk = 0; walk < 3; walk++) {
            ExtFieldCursor fields = command.extFields();
            assertThat(fields.next()).isTrue();
            assertThat(fields.keyIs("n".getBytes(StandardCharsets.US_ASCII))).isTrue();
            assertThat(fields.valueAsLong()).isEqualTo(42);
            assertThat(fields.next()).isTrue();
            assertThat(fields.valueAsString()).isEqualTo("x\u0001y");
            assertThat(fields.next()).isTrue();
            assertThat(fields.valueIsAbsent()).isTrue();
            assertThat(fields.next()).isTrue();
            assertThat(fields.valueAsBoolean()).isTrue();
            assertThat(fields.next()).isFalse();
        }
        assertThat(command.opaque()).isEqualTo(9);
    }

    @Test
    void shouldRejectMalformedExtFieldsWhenTheFrameIsDecoded() {
        assertThatThrownBy(() -> decode("{\"extFields\":{\"a\":\"1\",},\"code\":1}"))
                .isInstanceOf(ProtocolDecodeException.class);
        assertThatThrownBy(() -> decode("{\"extFields\":{\"a\":{\"b\":1}},\"code\":1}"))
                .isInstanceOf(ProtocolDecodeException.class);
    }

    @Test
    void shouldReadAnEmptyMapAsNoFields() {
        RemotingCommand command = decode("{\"extFields\":{},\"code\":1}");
        assertThat(command.hasExtFields()).isTrue();
        assertThat(command.extFields().next()).isFalse();
    }
}
