package io.bolide.protocol.body;

/** How a topic's messages carry tags; declared in the Apache order (ordinals are accepted too). */
public enum TopicFilterType {
    SINGLE_TAG,
    MULTI_TAG
}
