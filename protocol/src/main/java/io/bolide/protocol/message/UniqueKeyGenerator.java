package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;
import java.time.Clock;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Client-side unique message ids (the UNIQ_KEY property), in the reference client's layout:
 *
 * <pre>
 *  client IP (4 or 16) | pid low 16 bits (2) | class-loader hash (4)   -- fixed per process
 *  | ms since the start of the current month, local time (4) | counter (2, wraps)
 * </pre>
 *
 * rendered as upper-case hex (32 or 56 chars). The fixed prefix is rendered once; each id copies it
 * and writes 12 more hex digits into the caller's array or buffer. Thread-safe.
 */
public final class UniqueKeyGenerator {
    /** Hex digits after the fixed prefix: time (4 bytes) + counter (2 bytes). */
    private static final int VARIABLE_CHARS = 12;

    private final char[] prefix;
    private final Clock clock;
    private final AtomicInteger counter = new AtomicInteger();
    private final byte[] prefixBytes;
    private volatile long monthStart;
    private volatile long nextMonthStart;

    /**
     * A generator for {@code ip} (4 or 16 bytes), process id {@code pid} and {@code loaderHash},
     * reading time from {@code clock} (its zone decides where a month starts).
     */
    public UniqueKeyGenerator(byte[] ip, long pid, int loaderHash, Clock clock) {
        HostAddress.checked(ip);
        this.prefix = new char[2 * (ip.length + 2 + 4)];
        int at = Hex.write(ip, 0, ip.length, prefix, 0);
        at = Hex.write(pid, 2, prefix, at);
        Hex.write(loaderHash, 4, prefix, at);
        this.prefixBytes = new byte[prefix.length];
        Hex.copyAscii(prefix, prefix.length, prefixBytes, 0);
        this.clock = clock;
        startMonth(clock.millis());
    }

    /** A generator for this process and {@code ip}, with the system clock and zone. */
    public static UniqueKeyGenerator forThisProcess(byte[] ip) {
        ClassLoader loader = UniqueKeyGenerator.class.getClassLoader();
        return new UniqueKeyGenerator(
                ip,
                ProcessHandle.current().pid(),
                loader == null ? 0 : loader.hashCode(),
                Clock.systemDefaultZone());
    }

    /** Length of every id of this generator, in chars (= ASCII bytes). */
    public int length() {
        return prefix.length + VARIABLE_CHARS;
    }

    /** Writes the next id into {@code dst} at {@code at}; returns the index after it. */
    public int next(char[] dst, int at) {
        int elapsed = elapsedInMonth();
        System.arraycopy(prefix, 0, dst, at, prefix.length);
        at = Hex.write(elapsed, 4, dst, at + prefix.length);
        return Hex.write(counter.getAndIncrement(), 2, dst, at);
    }

    /** Writes the next id as ASCII into {@code dst} at {@code at}; returns the index after it. */
    public int next(byte[] dst, int at) {
        int elapsed = elapsedInMonth();
        System.arraycopy(prefixBytes, 0, dst, at, prefixBytes.length);
        at = Hex.write(elapsed, 4, dst, at + prefixBytes.length);
        return Hex.write(counter.getAndIncrement(), 2, dst, at);
    }

    /** Appends the next id as ASCII at the writer index of {@code out}. */
    public void next(ByteBuf out) {
        out.ensureWritable(length());
        int at = out.writerIndex();
        out.setBytes(at, prefixBytes);
        at = Hex.set(elapsedInMonth(), 4, out, at + prefixBytes.length);
        out.writerIndex(Hex.set(counter.getAndIncrement(), 2, out, at));
    }

    /** The next id as a string. */
    public String next() {
        char[] id = new char[length()];
        next(id, 0);
        return new String(id);
    }

    private int elapsedInMonth() {
        long now = clock.millis();
        if (now >= nextMonthStart) {
            startMonth(now);
        }
        int elapsed = (int) (now - monthStart);
        if (elapsed < 0 && elapsed > -1_000_000) {
            // A clock stepped back slightly across a month boundary: clamp, as the reference.
            elapsed = 0;
        }
        return elapsed;
    }

    private synchronized void startMonth(long now) {
        if (now < nextMonthStart) {
            return;
        }
        ZonedDateTime start =
                Instant.ofEpochMilli(now)
                        .atZone(clock.getZone())
                        .withDayOfMonth(1)
                        .truncatedTo(ChronoUnit.DAYS);
        monthStart = start.toInstant().toEpochMilli();
        nextMonthStart = start.plusMonths(1).toInstant().toEpochMilli();
    }
}
