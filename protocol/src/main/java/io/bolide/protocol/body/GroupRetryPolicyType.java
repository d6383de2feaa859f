package io.bolide.protocol.body;

/** Which retry schedule a consumer group uses; declared in the Apache order. */
public enum GroupRetryPolicyType {
    EXPONENTIAL,
    CUSTOMIZED
}
