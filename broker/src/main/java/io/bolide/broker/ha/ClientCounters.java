package io.bolide.broker.ha;

/** What a slave's HA client has done, read by state snapshots from any thread. */
final class ClientCounters {
    private volatile long reported = -1;
    private volatile long received;
    private volatile long lastReadMillis;
    private volatile long lastWriteMillis;
    private final ByteRate rate = new ByteRate();

    void reported(long offset) {
        reported = offset;
        lastWriteMillis = System.currentTimeMillis();
    }

    void received(int bytes) {
        received += bytes; // one writer: the client's event loop
        rate.add(bytes, System.nanoTime());
    }

    /** The link read something from the master now. */
    void read() {
        lastReadMillis = System.currentTimeMillis();
    }

    /** The client's periodic tick (its event loop): closes a whole second of the rate. */
    void roll(long now) {
        rate.roll(now);
    }

    long lastReadMillis() {
        return lastReadMillis;
    }

    long lastWriteMillis() {
        return lastWriteMillis;
    }

    long bytesLastSecond() {
        return rate.lastSecond();
    }

    long reported() {
        return reported;
    }

    long received() {
        return received;
    }
}
