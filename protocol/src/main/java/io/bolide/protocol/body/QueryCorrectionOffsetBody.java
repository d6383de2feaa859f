package io.bolide.protocol.body;

import java.util.Map;

/** Body of a {@code QUERY_CORRECTION_OFFSET} response: queue id to offset (numeric keys). */
public record QueryCorrectionOffsetBody(Map<Integer, Long> correctionOffsets) {

    /** Copies the table, null becoming empty. */
    public QueryCorrectionOffsetBody {
        correctionOffsets = Frozen.map(correctionOffsets);
    }
}
