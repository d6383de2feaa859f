package io.bolide.dist;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What the role subcommands share: the {@code -c} and {@code --data} options, and running until
 * SIGTERM once the roles are up.
 */
abstract class RoleCommand implements Callable<Integer> {
    static final Option CONFIG =
            Option.value(
                    "-c",
                    "--config",
                    Option.Kind.PATH,
                    "FILE",
                    "configuration file (RocketMQ key names; unknown keys are rejected)",
                    null);

    static final Option DATA =
            Option.value(
                    null,
                    "--data",
                    Option.Kind.PATH,
                    "DIR",
                    "data directory (storePathRootDir); default ./data",
                    null);

    final Path configFile;
    final Path dataDirectory;

    RoleCommand(Arguments arguments) {
        this.configFile = arguments.path(CONFIG);
        this.dataDirectory = arguments.path(DATA);
    }

    /** Resolves the settings, then starts the roles into {@code roles}; returns the ready text. */
    abstract String startRoles(Roles roles) throws Exception;

    @Override
    public final Integer call() throws Exception {
        long started = System.nanoTime();
        StartUpWork.awaitLogging();
        // Asked for here, not in a static field: see StartUpWork.awaitLogging.
        Logger log = LoggerFactory.getLogger(RoleCommand.class);
        Roles roles = new Roles();
        String ready;
        try {
            ready = startRoles(roles);
        } catch (ConfigException e) {
            roles.close();
            throw e;
        } catch (Exception e) {
            log.error("bolide could not start: {}", e.toString());
            roles.close();
            return 1;
        }
        ShutdownSequence.install(roles);
        log.info(
                "bolide ready: {} in {} ms (JVM start to ready {} ms)",
                ready,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started),
                sinceJvmStart());
        markReady(log);
        new CountDownLatch(1).await(); // the shutdown hook ends the process
        return 0;
    }

    /**
     * Logs {@code note}: why a key of the configuration file has no effect. Only called from {@link
     * #startRoles}, once logging is set up.
     */
    static void note(String note) {
        LoggerFactory.getLogger(RoleCommand.class).info("{}", note);
    }

    /** Broker overrides from the shared options. */
    Map<String, String> brokerOverrides() {
        Map<String, String> overrides = new LinkedHashMap<>();
        if (dataDirectory != null) {
            overrides.put("storePathRootDir", dataDirectory.toString());
        }
        return overrides;
    }

    /**
     * Tells the bolide script that this run got as far as ready, so the class-data-sharing archive
     * the JVM records when it stops holds the role's classes (an archive recorded by a run that
     * failed to start would not, and the script records again instead of mapping it).
     */
    private static void markReady(Logger log) {
        String marker = System.getProperty("bolide.cds.readyMarker");
        if (marker != null) {
            try {
                Files.write(Path.of(marker), new byte[0]);
            } catch (IOException e) {
                log.warn("cannot mark the class-data archive usable: {}", e.toString());
            }
        }
    }

    /** The JVM's own start, not the process's: the script execs java after a possible build. */
    private static long sinceJvmStart() {
        return ManagementFactory.getRuntimeMXBean().getUptime();
    }
}
