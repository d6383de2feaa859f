package io.bolide.broker.pop;

import java.util.ArrayList;
import java.util.List;

/**
 * The reference's default allocation (AllocateMessageQueueAveragely): the sorted queues cut into
 * consecutive runs, one per sorted client id, the first {@code queues % clients} runs one longer.
 * The only strategy the broker applies; a consumer that names another gets this one.
 */
final class QueueAllocation {
    private QueueAllocation() {}

    static <T> List<T> averagely(List<T> all, List<String> clientIds, String clientId) {
        int index = clientIds.indexOf(clientId);
        List<T> mine = new ArrayList<>();
        if (index < 0 || all.isEmpty()) {
            return mine;
        }
        int n = all.size();
        int c = clientIds.size();
        int mod = n % c;
        int size = n <= c ? 1 : (mod > 0 && index < mod ? n / c + 1 : n / c);
        int start = mod > 0 && index < mod ? index * size : index * size + mod;
        int range = Math.min(size, n - start);
        for (int i = 0; i < range; i++) {
            mine.add(all.get(start + i));
        }
        return mine;
    }
}
