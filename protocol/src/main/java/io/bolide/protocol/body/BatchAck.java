package io.bolide.protocol.body;

import com.fasterxml.jackson.annotation.JsonAlias;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import java.io.IOException;
import java.util.BitSet;

/**
 * One entry of {@link BatchAckMessageRequestBody}: the messages of one pop batch of one queue that
 * are acknowledged together. {@code topic} is the topic the consumer popped and {@code retry} the
 * receipt handle's retry flag, from which the stored topic follows as for a single ack; bit {@code
 * i} of {@code bitSet} acknowledges queue offset {@code startOffset + i}. The reference writes
 * short keys ({@code c, t, r, so, q, rq, pt, it, b}) and reads the long names too; the bit set
 * travels as the base64 of {@link BitSet#toByteArray()}.
 */
public record BatchAck(
        @JsonProperty("c") @JsonAlias("consumerGroup") String consumerGroup,
        @JsonProperty("t") @JsonAlias("topic") String topic,
        @JsonProperty("r") @JsonAlias("retry") String retry,
        @JsonProperty("so") @JsonAlias("startOffset") long startOffset,
        @JsonProperty("q") @JsonAlias("queueId") int queueId,
        @JsonProperty("rq") @JsonAlias("reviveQueueId") int reviveQueueId,
        @JsonProperty("pt") @JsonAlias("popTime") long popTime,
        @JsonProperty("it") @JsonAlias("invisibleTime") long invisibleTime,
        @JsonProperty("b")
                @JsonAlias("bitSet")
                @JsonSerialize(using = BatchAck.BitsWriter.class)
                @JsonDeserialize(using = BatchAck.BitsReader.class)
                BitSet bitSet) {

    /** Writes a bit set as the base64 of its little-endian bytes. */
    static final class BitsWriter extends JsonSerializer<BitSet> {
        @Override
        public void serialize(BitSet bits, JsonGenerator out, SerializerProvider provider)
                throws IOException {
            out.writeBinary(bits.toByteArray());
        }
    }

    /** Reads what {@link BitsWriter} writes. */
    static final class BitsReader extends JsonDeserializer<BitSet> {
        @Override
        public BitSet deserialize(JsonParser in, DeserializationContext context)
                throws IOException {
            return BitSet.valueOf(in.getBinaryValue());
        }
    }
}
