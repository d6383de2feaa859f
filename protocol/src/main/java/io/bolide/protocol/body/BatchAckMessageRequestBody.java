package io.bolide.protocol.body;

import java.util.List;

/**
 * Body of {@code BATCH_ACK_MESSAGE} (200151): several acknowledgements in one request, one {@link
 * BatchAck} per pop batch and queue. Sent by Apache's proxy for the gRPC SDKs (the remoting
 * client's {@code MQClientAPIExt}); the push consumer in POP mode acknowledges one by one.
 */
public record BatchAckMessageRequestBody(String brokerName, List<BatchAck> acks) {}
