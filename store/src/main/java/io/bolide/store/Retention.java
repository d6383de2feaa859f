package io.bolide.store;

/**
 * When commit-log segments go: those older than {@code reserveHours}, at {@code deleteHour}; or the
 * oldest ones whatever their age while the disk is fuller than {@code diskUsageThreshold}.
 *
 * @param reserveHours hours a segment is kept, 0 or more
 * @param deleteHour hour of day (0-23) expired segments are deleted
 * @param diskUsageThreshold used share of the disk, in (0, 1], above which the oldest go
 */
public record Retention(int reserveHours, int deleteHour, double diskUsageThreshold) {
    public Retention {
        if (reserveHours < 0) {
            throw new IllegalArgumentException("reserveHours must be >= 0: " + reserveHours);
        }
        if (deleteHour < 0 || deleteHour > 23) {
            throw new IllegalArgumentException("deleteHour must be 0..23: " + deleteHour);
        }
        if (!(diskUsageThreshold > 0 && diskUsageThreshold <= 1)) {
            throw new IllegalArgumentException("diskUsageThreshold must be in (0,1]");
        }
    }
}
