package io.bolide.protocol.body;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * Body of a {@code GET_TOPIC_CONFIG} response: the topic's settings and, for a static topic, the
 * broker's {@code mappingDetail} (absent for an ordinary topic, as the reference writes it).
 */
public record TopicConfigAndQueueMapping(
        @JsonUnwrapped TopicConfig config, TopicQueueMappingDetail mappingDetail) {}
