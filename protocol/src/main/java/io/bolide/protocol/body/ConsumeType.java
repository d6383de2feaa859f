package io.bolide.protocol.body;

/** Push, pull or pop consumer; declared in the Apache order (ordinals are accepted too). */
public enum ConsumeType {
    CONSUME_ACTIVELY,
    CONSUME_PASSIVELY,
    CONSUME_POP
}
