package io.bolide.protocol.body;

import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder;
import java.util.Map;
import java.util.Set;

/**
 * A consumer group's settings on a broker ({@code UPDATE_AND_CREATE_SUBSCRIPTIONGROUP}, {@code
 * GET_SUBSCRIPTIONGROUP_CONFIG}). Properties missing from a body take the Apache defaults, which
 * {@link #builder} also starts from. {@code subscriptionDataSet} is null unless configured.
 */
@JsonDeserialize(builder = SubscriptionGroupConfig.Builder.class)
public record SubscriptionGroupConfig(
        String groupName,
        boolean consumeEnable,
        boolean consumeFromMinEnable,
        boolean consumeBroadcastEnable,
        boolean consumeMessageOrderly,
        int retryQueueNums,
        int retryMaxTimes,
        GroupRetryPolicy groupRetryPolicy,
        long brokerId,
        long whichBrokerWhenConsumeSlowly,
        boolean notifyConsumerIdsChangedEnable,
        int groupSysFlag,
        int consumeTimeoutMinute,
        Set<SimpleSubscriptionData> subscriptionDataSet,
        Map<String, String> attributes) {

    /** Copies the collections; attributes are never null. */
    public SubscriptionGroupConfig {
        subscriptionDataSet = Frozen.setOrNull(subscriptionDataSet);
        attributes = Frozen.map(attributes);
    }

    /** A builder holding the Apache defaults for {@code groupName}. */
    public static Builder builder(String groupName) {
        return new Builder().groupName(groupName);
    }

    /** Mutable staging for a {@link SubscriptionGroupConfig}; starts from the Apache defaults. */
    @JsonPOJOBuilder(withPrefix = "")
    public static final class Builder {
        private String groupName;
        private boolean consumeEnable = true;
        private boolean consumeFromMinEnable = true;
        private boolean consumeBroadcastEnable = true;
        private boolean consumeMessageOrderly;
        private int retryQueueNums = 1;
        private int retryMaxTimes = 16;
        private GroupRetryPolicy groupRetryPolicy = GroupRetryPolicy.DEFAULT;
        private long brokerId;
        private long whichBrokerWhenConsumeSlowly = 1;
        private boolean notifyConsumerIdsChangedEnable = true;
        private int groupSysFlag;
        private int consumeTimeoutMinute = 15;
        private Set<SimpleSubscriptionData> subscriptionDataSet;
        private Map<String, String> attributes;

        Builder() {}

        /** Sets the group name. */
        public Builder groupName(String value) {
            groupName = value;
            return this;
        }

        /** Allows or forbids consumption. */
        public Builder consumeEnable(boolean value) {
            consumeEnable = value;
            return this;
        }

        /** Starts a new group from the minimum offset. */
        public Builder consumeFromMinEnable(boolean value) {
            consumeFromMinEnable = value;
            return this;
        }

        /** Allows broadcasting consumption. */
        public Builder consumeBroadcastEnable(boolean value) {
            consumeBroadcastEnable = value;
            return this;
        }

        /** Marks the group as orderly. */
        public Builder consumeMessageOrderly(boolean value) {
            consumeMessageOrderly = value;
            return this;
        }

        /** Sets the queue count of the group's retry topic. */
        public Builder retryQueueNums(int value) {
            retryQueueNums = value;
            return this;
        }

        /** Sets how often a message is retried before it goes to the DLQ. */
        public Builder retryMaxTimes(int value) {
            retryMaxTimes = value;
            return this;
        }

        /** Sets the retry schedule. */
        public Builder groupRetryPolicy(GroupRetryPolicy value) {
            groupRetryPolicy = value;
            return this;
        }

        /** Sets the broker id to consume from. */
        public Builder brokerId(long value) {
            brokerId = value;
            return this;
        }

        /** Sets the broker id to consume from when the master is slow. */
        public Builder whichBrokerWhenConsumeSlowly(long value) {
            whichBrokerWhenConsumeSlowly = value;
            return this;
        }

        /** Sends or suppresses {@code NOTIFY_CONSUMER_IDS_CHANGED}. */
        public Builder notifyConsumerIdsChangedEnable(boolean value) {
            notifyConsumerIdsChangedEnable = value;
            return this;
        }

        /** Sets the system flag bits. */
        public Builder groupSysFlag(int value) {
            groupSysFlag = value;
            return this;
        }

        /** Sets the consume timeout in minutes. */
        public Builder consumeTimeoutMinute(int value) {
            consumeTimeoutMinute = value;
            return this;
        }

        /** Sets the configured subscriptions. */
        public Builder subscriptionDataSet(Set<SimpleSubscriptionData> value) {
            subscriptionDataSet = value;
            return this;
        }

        /** Sets the attributes. */
        public Builder attributes(Map<String, String> value) {
            attributes = value;
            return this;
        }

        /** The immutable config. */
        public SubscriptionGroupConfig build() {
            return new SubscriptionGroupConfig(
                    groupName,
                    consumeEnable,
                    consumeFromMinEnable,
                    consumeBroadcastEnable,
                    consumeMessageOrderly,
                    retryQueueNums,
                    retryMaxTimes,
                    groupRetryPolicy,
                    brokerId,
                    whichBrokerWhenConsumeSlowly,
                    notifyConsumerIdsChangedEnable,
                    groupSysFlag,
                    consumeTimeoutMinute,
                    subscriptionDataSet,
                    attributes);
        }
    }
}
