package io.bolide.systest;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * The bodies of the fault tests' messages: each is a function of the run's seed and the message's
 * key (carried in the {@link #KEY} user property), so a reader recomputes what a body must be and
 * sees any corruption without the sender keeping the bodies.
 */
final class FaultBodies {
    static final String KEY = "faultKey";

    private final long seed;

    FaultBodies(long seed) {
        this.seed = seed;
    }

    /** 64 to 2,000 bytes: below the client's 4 KiB compression threshold. */
    byte[] body(String key) {
        long mixed = seed;
        for (byte b : key.getBytes(StandardCharsets.UTF_8)) {
            mixed = mixed * 31 + b;
        }
        SplittableRandom random = new SplittableRandom(mixed);
        byte[] body = new byte[64 + random.nextInt(1937)];
        random.nextBytes(body);
        return body;
    }

    long crc(String key) {
        return crcOf(body(key));
    }

    static long crcOf(byte[] bytes) {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return crc.getValue();
    }
}
