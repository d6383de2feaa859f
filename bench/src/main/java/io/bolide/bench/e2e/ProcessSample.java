package io.bolide.bench.e2e;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * CPU time and memory of server processes read from {@code /proc}: the broker is measured from
 * outside, as an operator's tools would see it, so both implementations are charged the same way.
 */
final class ProcessSample {
    private ProcessSample() {}

    /** User plus system CPU of all {@code pids}, in microseconds. */
    static long cpuMicros(List<Integer> pids, int clockTicks) throws IOException {
        long ticks = 0;
        for (int pid : pids) {
            ticks += cpuTicks(Files.readString(Path.of("/proc/" + pid + "/stat")));
        }
        return ticks * 1_000_000L / clockTicks;
    }

    /**
     * User plus system CPU of the JIT compiler threads of all {@code pids}, in microseconds: on a
     * fresh JVM they take a large, one-off share of a short window, which the per-message figure
     * would otherwise charge to the messages. Threads are found by HotSpot's names ("C1
     * CompilerThre", "C2 CompilerThre", truncated by the kernel); a compiler thread that HotSpot
     * retires between two samples takes its time with it, so this is a lower bound.
     */
    static long compilerCpuMicros(List<Integer> pids, int clockTicks) throws IOException {
        long ticks = 0;
        for (int pid : pids) {
            try (DirectoryStream<Path> tasks =
                    Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
                for (Path task : tasks) {
                    ticks += compilerTicks(task);
                }
            }
        }
        return ticks * 1_000_000L / clockTicks;
    }

    private static long compilerTicks(Path task) {
        try {
            String stat = Files.readString(task.resolve("stat"));
            String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
            if (!name.startsWith("C1 Compiler") && !name.startsWith("C2 Compiler")) {
                return 0;
            }
            return cpuTicks(stat);
        } catch (IOException gone) {
            return 0; // the thread ended between listing and reading
        }
    }

    /** utime + stime of a process's or thread's {@code stat} line, in clock ticks. */
    private static long cpuTicks(String stat) {
        // The command name in parentheses may contain spaces; fields are counted after it.
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        // utime and stime are fields 14 and 15 of stat(5); field 3 is fields[0] here.
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
    }

    /** A {@code /proc/PID/status} value in kB ({@code VmHWM}, {@code RssAnon}, ...), or -1. */
    static long statusKb(int pid, String key) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
            if (line.startsWith(key + ":")) {
                String value = line.substring(key.length() + 1).trim();
                return Long.parseLong(value.substring(0, value.indexOf(' ')));
            }
        }
        return -1;
    }
}
