package io.bolide.controller;

import java.util.Comparator;
import java.util.List;
import java.util.Set;

/**
 * Who may become master: the living members of a set. The old master wins while it lives (unless
 * another is designated); a designated replica wins if it is a living member, else nobody; others
 * are ranked by the last heartbeat: higher epoch, then longer log, then smaller election priority
 * value, then smaller id.
 */
final class Candidates {
    private Candidates() {}

    static Long choose(
            Liveness liveness,
            String brokerName,
            Set<Long> members,
            Long oldMaster,
            Long designated) {
        List<Long> alive = members.stream().filter(id -> liveness.isAlive(brokerName, id)).toList();
        if (alive.isEmpty()) {
            return null;
        }
        if (oldMaster != null
                && alive.contains(oldMaster)
                && (designated == null || designated.equals(oldMaster))) {
            return oldMaster;
        }
        if (designated != null) {
            return alive.contains(designated) ? designated : null;
        }
        return alive.stream().min(ranking(liveness, brokerName)).orElse(null);
    }

    private static Comparator<Long> ranking(Liveness liveness, String brokerName) {
        Comparator<Long> byEpoch =
                Comparator.comparingInt(id -> -liveness.beat(brokerName, id).epoch());
        Comparator<Long> byOffset =
                Comparator.comparingLong(id -> -liveness.beat(brokerName, id).maxOffset());
        Comparator<Long> byPriority =
                Comparator.comparingInt(id -> liveness.beat(brokerName, id).electionPriority());
        return byEpoch.thenComparing(byOffset)
                .thenComparing(byPriority)
                .thenComparing(Comparator.naturalOrder());
    }
}
