package io.bolide.protocol.code;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * Request codes of Apache RocketMQ that no Bolide server answers, each with the reason an operator
 * reads in the refusal's remark (REQUEST_CODE_NOT_SUPPORTED). Every code of the reference's {@code
 * RequestCode} is either served by a Bolide name server, broker or controller, or listed here; a
 * test in the dist module reads the 5.5.0 class and fails otherwise, and writes the inventory in
 * docs/protocol/codes.md from the same facts.
 */
public final class Unserved {
    /** Codes a broker sends to a client: a server receiving one was sent it by mistake. */
    public static final String TO_CLIENTS =
            "a broker sends this code to a client; no server answers it, the reference's neither";

    /** Declared in the reference's RequestCode, but no 5.5.0 processor serves them either. */
    public static final String UNUSED =
            "declared by the reference, served by none of its 5.5.0 processors either";

    /** Broker containers: several brokers in one process, managed by code. */
    public static final String CONTAINER =
            "broker container administration: a Bolide process runs one broker, started and"
                    + " stopped as a process";

    /** The reference's RocksDB consume queue tooling. */
    public static final String ROCKSDB =
            "Bolide's consume queues are mapped files, not RocksDB: there is no RocksDB state to"
                    + " check or export";

    /** The reference's switch of the kernel's read-ahead on commit-log files. */
    public static final String READ_AHEAD =
            "Bolide's store does not advise the kernel on commit-log pages (no madvise): its"
                    + " read-ahead stays the kernel's default, there is no read mode to set";

    /** The reference's slave-acting-master exchanges between the brokers of one group. */
    public static final String ACTING_MASTER =
            "Bolide offers no slave acting as master (enableSlaveActingMaster): a slave learns"
                    + " its master's address and HA address from the name server's registration"
                    + " reply or the controller, and its flush position from replication itself";

    /** The reference's switch between its file timer wheel and its RocksDB timeline. */
    public static final String TIMER_ENGINE =
            "Bolide's timer messages run on one engine, its own timing wheel in the store"
                    + " (timerWheelEnable): there is no RocksDB timeline to switch to";

    /** Served by the reference, planned for Bolide in issue #38. */
    public static final String PLANNED_38 = "not served yet (issue #38)";

    private static final Map<Integer, String> REASONS = table();

    private Unserved() {}

    /** Code → reason, ascending by code. */
    public static Map<Integer, String> reasons() {
        return REASONS;
    }

    /** Why {@code code} is refused, or null when it is not listed. */
    public static String reason(int code) {
        return REASONS.get(code);
    }

    private static Map<Integer, String> table() {
        Map<Integer, String> t = new TreeMap<>();
        list(t, TO_CLIENTS, 39, 40, 220, 221, 326, 200073);
        list(t, UNUSED, 13, 22, 23, 27, 47, 209, 210, 211, 212, 213, 214, 301, 302, 200072);
        list(t, CONTAINER, 902, 903);
        list(t, ROCKSDB, 354, 355);
        list(t, ACTING_MASTER, 905, 906, 908);
        list(t, TIMER_ENGINE, 5001);
        list(t, READ_AHEAD, 2004);
        return Collections.unmodifiableMap(t);
    }

    private static void list(Map<Integer, String> t, String reason, int... codes) {
        for (int code : codes) {
            if (t.put(code, reason) != null) {
                throw new IllegalStateException("request code " + code + " listed twice");
            }
        }
    }
}
