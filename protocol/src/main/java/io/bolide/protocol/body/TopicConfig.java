package io.bolide.protocol.body;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder;
import java.util.Map;

/**
 * A topic's settings on a broker. Properties missing from a body take the Apache defaults (16/16
 * queues, read+write, {@code SINGLE_TAG}), which {@link #builder} also starts from.
 */
@JsonDeserialize(builder = TopicConfig.Builder.class)
public record TopicConfig(
        String topicName,
        int readQueueNums,
        int writeQueueNums,
        int perm,
        TopicFilterType topicFilterType,
        int topicSysFlag,
        boolean order,
        Map<String, String> attributes) {

    /** Queue count of a topic created without one. */
    public static final int DEFAULT_QUEUE_NUMS = 16;

    /** Read and write permission bits. */
    public static final int DEFAULT_PERM = 6;

    /** Copies the attributes, null becoming empty. */
    public TopicConfig {
        attributes = Frozen.map(attributes);
    }

    /** A builder holding the Apache defaults for {@code topicName}. */
    public static Builder builder(String topicName) {
        return new Builder().topicName(topicName);
    }

    /** Mutable staging for a {@link TopicConfig}; starts from the Apache defaults. */
    @JsonPOJOBuilder(withPrefix = "")
    public static final class Builder {
        private String topicName;
        private int readQueueNums = DEFAULT_QUEUE_NUMS;
        private int writeQueueNums = DEFAULT_QUEUE_NUMS;
        private int perm = DEFAULT_PERM;
        private TopicFilterType topicFilterType = TopicFilterType.SINGLE_TAG;
        private int topicSysFlag;
        private boolean order;
        private Map<String, String> attributes;

        Builder() {}

        /** Sets the topic name. */
        public Builder topicName(String value) {
            topicName = value;
            return this;
        }

        /** Sets the number of readable queues. */
        public Builder readQueueNums(int value) {
            readQueueNums = value;
            return this;
        }

        /** Sets the number of writable queues. */
        public Builder writeQueueNums(int value) {
            writeQueueNums = value;
            return this;
        }

        /** Sets the permission bits. */
        public Builder perm(int value) {
            perm = value;
            return this;
        }

        /** Sets the tag filter type; null keeps Apache's reading of a null: {@code SINGLE_TAG}. */
        public Builder topicFilterType(TopicFilterType value) {
            topicFilterType = value == null ? TopicFilterType.SINGLE_TAG : value;
            return this;
        }

        /** Sets the system flag bits. */
        public Builder topicSysFlag(int value) {
            topicSysFlag = value;
            return this;
        }

        /** Marks the topic as ordered. */
        public Builder order(boolean value) {
            order = value;
            return this;
        }

        /** Sets the attributes ({@code message.type}, ...). */
        public Builder attributes(Map<String, String> value) {
            attributes = value;
            return this;
        }

        /** The immutable config. */
        public TopicConfig build() {
            return new TopicConfig(
                    topicName,
                    readQueueNums,
                    writeQueueNums,
                    perm,
                    topicFilterType,
                    topicSysFlag,
                    order,
                    attributes);
        }
    }
}
