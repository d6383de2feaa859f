package io.bolide.broker.pop;

/** One queue as one consumer group pops it. */
record QueueKey(String group, String topic, int queueId) {}
