package io.bolide.protocol.body;

/** How a consumer group reads a topic: by pulling queue offsets, or by POP; the Apache order. */
public enum MessageRequestMode {
    PULL,
    POP
}
