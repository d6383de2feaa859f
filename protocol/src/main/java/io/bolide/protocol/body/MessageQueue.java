package io.bolide.protocol.body;

/** One queue of a topic on one broker; also the object key of admin offset tables. */
public record MessageQueue(String topic, String brokerName, int queueId) {}
