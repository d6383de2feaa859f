package io.bolide.broker.codes;

/** Remark text several features append to their refusals, as the reference broker does. */
public final class Remarks {
    /** The reference's pointer to its FAQ, appended to "not exist" refusals. */
    public static final String FAQ =
            "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    private Remarks() {}
}
