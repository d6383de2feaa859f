package io.bolide.interop;

import io.bolide.testsupport.ToolShutdown;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.apache.rocketmq.tools.command.MQAdminStartup;
import org.apache.rocketmq.tools.command.SubCommand;

/**
 * The official mqadmin 5.5.0 run in this JVM, one command line at a time, as the {@code mqadmin}
 * script's {@code main} would run it: many commands in one JVM keep a run of the whole list in
 * minutes, not the quarter hour of one JVM per command. The tool prints to {@code System.out} and
 * {@code System.err} and sets system properties, so runs are serialised and both are restored. It
 * has no exit status: a command that fails either throws (the tool prints the stack trace) or
 * prints its own failure line, so a run counts as failed when either shows. Its client's shutdown
 * wait of up to 3 s per command is cut short ({@link ToolShutdown}).
 */
final class InProcessMqadmin {
    private static final List<String> PROPERTIES =
            List.of("rocketmq.namesrv.addr", "rocketmq.remoting.version");

    /** "failed" as a word: "putMessageFailedTimes" in a broker's runtime info is no failure. */
    private static final Pattern FAILED = Pattern.compile("(?i)\\bfailed\\b");

    private final String nameServer;

    InProcessMqadmin(String nameServer) {
        this.nameServer = nameServer;
    }

    /** What one command printed, and whether it failed. */
    record Run(boolean failed, String out, String err) {}

    /** Runs {@code mqadmin <line...> -n <name server>} (unless the line names one). */
    Run run(List<String> line) {
        List<String> args = new ArrayList<>(line);
        if (!args.contains("-n")) {
            args.add("-n");
            args.add(nameServer);
        }
        return runLine(args.toArray(String[]::new));
    }

    private static synchronized Run runLine(String[] line) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        Map<String, String> previous = new HashMap<>();
        PROPERTIES.forEach(p -> previous.put(p, System.getProperty(p)));
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            freshCommands();
            ToolShutdown.run(() -> MQAdminStartup.main0(line, null));
        } catch (Exception e) {
            e.printStackTrace();
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
            for (String property : PROPERTIES) {
                if (previous.get(property) == null) {
                    System.clearProperty(property);
                } else {
                    System.setProperty(property, previous.get(property));
                }
            }
        }
        String printed = out.toString(StandardCharsets.UTF_8);
        String errors = err.toString(StandardCharsets.UTF_8);
        return new Run(failed(printed, errors), printed, errors);
    }

    /**
     * Empties the tool's command list, which {@code main0} fills again: some commands keep the
     * client they started in a field (sendMessage's producer, consumeMessage's consumer), and a
     * second run of the same instance would find it shut down.
     */
    @SuppressWarnings("unchecked")
    private static void freshCommands() {
        try {
            Field field = MQAdminStartup.class.getDeclaredField("SUB_COMMANDS");
            field.setAccessible(true);
            ((List<SubCommand>) field.get(null)).clear();
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("mqadmin's command list not found", e);
        }
    }

    /** The tool's failure signs: a stack trace, or its own "failed" / exception lines. */
    private static boolean failed(String out, String err) {
        return err.contains("Exception") || out.contains("Exception") || FAILED.matcher(out).find();
    }
}
