package io.bolide.systest;

import io.bolide.testsupport.ToolShutdown;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.tools.command.MQAdminStartup;
import org.apache.rocketmq.tools.command.offset.GetConsumerStatusCommand;

/**
 * Runs the official {@code mqadmin} in this JVM, as an operator would type it, and returns what it
 * printed. The name server address is added as {@code -n} unless the command line names one. The
 * tool prints to {@code System.out} and sets a few system properties, so runs are serialised and
 * both are restored afterwards. {@code getConsumerStatus} is a tool command its start-up does not
 * register; it is added here so it can be driven like the others. Its client's shutdown wait of up
 * to 3 s per command is cut short ({@link ToolShutdown}).
 */
final class MqAdmin {
    private static final List<String> PROPERTIES =
            List.of("rocketmq.namesrv.addr", "rocketmq.remoting.version");
    private static boolean extraCommandsAdded;

    private final String nameServer;

    MqAdmin(String nameServer) {
        this.nameServer = nameServer;
    }

    /** Runs {@code mqadmin <command> <args...> -n <name server>}; what it printed. */
    String run(String command, String... args) {
        List<String> line = new ArrayList<>();
        line.add(command);
        line.addAll(List.of(args));
        if (!line.contains("-n")) {
            line.add("-n");
            line.add(nameServer);
        }
        return runLine(line.toArray(String[]::new));
    }

    private static synchronized String runLine(String[] line) {
        addExtraCommands();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        Map<String, String> previous = new HashMap<>();
        PROPERTIES.forEach(p -> previous.put(p, System.getProperty(p)));
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            ToolShutdown.run(() -> MQAdminStartup.main0(line, null));
        } catch (Exception e) {
            throw new IllegalStateException("mqadmin " + String.join(" ", line), e);
        } finally {
            System.setOut(stdout);
            for (String property : PROPERTIES) {
                if (previous.get(property) == null) {
                    System.clearProperty(property);
                } else {
                    System.setProperty(property, previous.get(property));
                }
            }
        }
        return out.toString(StandardCharsets.UTF_8);
    }

    private static void addExtraCommands() {
        if (!extraCommandsAdded) {
            MQAdminStartup.initCommand();
            MQAdminStartup.initCommand(new GetConsumerStatusCommand());
            extraCommandsAdded = true;
        }
    }
}
