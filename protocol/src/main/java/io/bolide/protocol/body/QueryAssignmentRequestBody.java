package io.bolide.protocol.body;

/**
 * Body of {@code QUERY_ASSIGNMENT} (400): a consumer asks the broker which queues of {@code topic}
 * it should read, and how (a consumer that leaves rebalancing to the broker, as POP needs).
 */
public record QueryAssignmentRequestBody(
        String topic,
        String consumerGroup,
        String clientId,
        String strategyName,
        MessageModel messageModel) {}
