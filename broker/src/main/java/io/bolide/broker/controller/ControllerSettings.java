package io.bolide.broker.controller;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Controller mode's settings, read once from the broker's configuration (the reference's keys).
 *
 * @param controllers the controllers' remoting addresses ({@code controllerAddr})
 * @param dnsLookup {@code fetchControllerAddrByDnsLookup}: the one address names every controller
 * @param replicaInfoMs {@code syncBrokerMetadataPeriod}: between two asks for the group's master
 * @param checkSyncStateSetMs {@code checkSyncStateSetPeriod}: a master's in-sync check period
 * @param leaderMs {@code syncControllerMetadataPeriod}: between two asks for the leader
 * @param heartbeatTimeoutMs {@code controllerHeartBeatTimeoutMills}, sent with each heartbeat
 * @param heartbeatMs {@code brokerHeartbeatInterval}
 * @param electionPriority {@code brokerElectionPriority}
 * @param notCatchupMs {@code haMaxTimeSlaveNotCatchup}
 * @param identityFile where the id the controller gave is kept ({@code storePathBrokerIdentity})
 */
public record ControllerSettings(
        List<String> controllers,
        boolean dnsLookup,
        long replicaInfoMs,
        long checkSyncStateSetMs,
        long leaderMs,
        long heartbeatTimeoutMs,
        int heartbeatMs,
        int electionPriority,
        long notCatchupMs,
        Path identityFile) {

    public ControllerSettings {
        controllers = List.copyOf(controllers);
    }

    /** The {@code ;}-separated addresses of {@code controllerAddr}, blanks dropped. */
    public static List<String> addresses(String text) {
        List<String> out = new ArrayList<>();
        for (String part : text.split(";")) {
            if (!part.isBlank()) {
                out.add(part.trim());
            }
        }
        return out;
    }
}
