package io.bolide.remoting;

/**
 * Outbound buffer water marks of one connection. Above {@code high} bytes queued the connection
 * stops being read (its peer is not draining its responses); below {@code low} reading resumes.
 *
 * @param low bytes below which a connection becomes writable again
 * @param high bytes above which a connection is no longer writable
 */
public record WriteLimits(int low, int high) {
    /** 512 KiB / 1 MiB: room for a few large responses without pausing busy connections. */
    public static final WriteLimits DEFAULT = new WriteLimits(512 * 1024, 1024 * 1024);

    /** Validates the marks. */
    public WriteLimits {
        if (low < 0 || high < low) {
            throw new IllegalArgumentException(
                    "write limits need 0 <= low <= high, got " + low + " / " + high);
        }
    }
}
