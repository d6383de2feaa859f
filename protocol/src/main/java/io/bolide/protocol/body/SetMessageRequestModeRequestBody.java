package io.bolide.protocol.body;

/**
 * Body of {@code SET_MESSAGE_REQUEST_MODE} (401): how {@code consumerGroup} reads {@code topic}.
 * {@code popShareQueueNum} is how many consumers share a queue in POP mode (0: all of them); also
 * an entry of {@link MessageRequestModeSerializeWrapper}.
 */
public record SetMessageRequestModeRequestBody(
        String topic, String consumerGroup, MessageRequestMode mode, int popShareQueueNum) {}
