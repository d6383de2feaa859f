package io.bolide.broker.codes;

/** Remark text several features append to their refusals, as the reference broker does. */
public final class Remarks {
    /** The reference's pointer to its FAQ, appended to "not exist" refusals. */
    public static final String FAQ =
            "\nSee https://rocketmq.apache.org/docs/bestPractice/06FAQ for further details.";

    /**
     * The reference's answer (with SYSTEM_BUSY) to a request its processor turns away before
     * handling it: a slave's sends, send-backs and (without slaveReadEnable) pulls.
     */
    public static final String REJECT_REQUEST =
            "[REJECTREQUEST]system busy, start flow control for a while";

    private Remarks() {}
}
