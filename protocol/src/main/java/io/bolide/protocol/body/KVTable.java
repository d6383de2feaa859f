package io.bolide.protocol.body;

import java.util.Map;

/** String pairs: broker runtime info, a KV namespace, the {@code REGISTER_BROKER} response. */
public record KVTable(Map<String, String> table) {

    /** Copies the table, null becoming empty. */
    public KVTable {
        table = Frozen.map(table);
    }
}
