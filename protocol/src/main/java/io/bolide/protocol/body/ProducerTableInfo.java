package io.bolide.protocol.body;

import java.util.List;
import java.util.Map;

/** Body of a {@code GET_ALL_PRODUCER_INFO} response: the producers of every group. */
public record ProducerTableInfo(Map<String, List<ProducerInfo>> data) {

    /** Copies the table, null becoming empty. */
    public ProducerTableInfo {
        data = Frozen.map(data);
    }
}
