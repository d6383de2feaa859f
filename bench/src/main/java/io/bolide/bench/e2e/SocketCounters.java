package io.bolide.bench.e2e;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code ss -tinp} output: each socket is a line naming its process ({@code pid=N}) followed
 * by an indented line of TCP counters ({@code bytes_sent:N}, or {@code bytes_acked:N} on kernels
 * without the former).
 */
final class SocketCounters {
    private static final Pattern SENT = Pattern.compile("bytes_sent:(\\d+)");
    private static final Pattern ACKED = Pattern.compile("bytes_acked:(\\d+)");

    private SocketCounters() {}

    /** The bytes sent by the sockets of {@code pid}, summed; -1 when ss showed none of them. */
    static long bytesSent(String ssOutput, int pid) {
        String[] lines = ssOutput.split("\n");
        String owner = "pid=" + pid + ",";
        long total = -1;
        for (int i = 0; i < lines.length; i++) {
            if (!lines[i].contains(owner)) {
                continue;
            }
            String counters = lines[i] + (i + 1 < lines.length ? lines[i + 1] : "");
            Matcher sent = SENT.matcher(counters);
            Matcher acked = ACKED.matcher(counters);
            long bytes = sent.find() ? Long.parseLong(sent.group(1)) : 0;
            if (bytes == 0 && acked.find()) {
                bytes = Long.parseLong(acked.group(1));
            }
            total = Math.max(0, total) + bytes;
        }
        return total;
    }
}
