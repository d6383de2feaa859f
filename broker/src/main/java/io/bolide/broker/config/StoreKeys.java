package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * Store keys of Bolide's own, declared here and tabled in {@link BrokerConfigKeys} like every other
 * key.
 */
final class StoreKeys {
    static final Key<Long> MAPPED_MEMORY_LIMIT =
            Key.ofLong(
                            "mappedMemoryLimit",
                            256L << 20,
                            0,
                            Long.MAX_VALUE,
                            "store file pages kept mapped, which count in the resident"
                                    + " set (bytes; colder ones are unmapped and read"
                                    + " again from the page cache; 0 = no limit, under"
                                    + " 16 MiB counts as 16 MiB)")
                    .bolideOnly();

    private StoreKeys() {}
}
