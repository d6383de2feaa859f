package io.bolide.protocol.body;

/** A group's retry schedule: the type in use, and the policies configured (null when not). */
public record GroupRetryPolicy(
        GroupRetryPolicyType type,
        ExponentialRetryPolicy exponentialRetryPolicy,
        CustomizedRetryPolicy customizedRetryPolicy) {

    /** Apache's default: the customized (delay-level) schedule with its built-in delays. */
    public static final GroupRetryPolicy DEFAULT =
            new GroupRetryPolicy(GroupRetryPolicyType.CUSTOMIZED, null, null);
}
