package io.bolide.broker.ha;

/** What a slave's HA client has done, read by state snapshots from any thread. */
final class ClientCounters {
    private volatile long reported = -1;
    private volatile long received;

    void reported(long offset) {
        reported = offset;
    }

    void received(int bytes) {
        received += bytes; // one writer: the client's event loop
    }

    long reported() {
        return reported;
    }

    long received() {
        return received;
    }
}
