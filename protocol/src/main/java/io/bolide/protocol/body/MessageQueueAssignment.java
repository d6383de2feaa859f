package io.bolide.protocol.body;

import java.util.Map;

/** One queue given to a consumer by {@code QUERY_ASSIGNMENT}, with the mode to read it in. */
public record MessageQueueAssignment(
        MessageQueue messageQueue, MessageRequestMode mode, Map<String, String> attachments) {}
