package io.bolide.systest;

import io.bolide.testsupport.ToolShutdown;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.apache.rocketmq.tools.command.MQAdminStartup;

/**
 * Runs official mqadmin commands one after another in this JVM: each line on stdin is one command's
 * arguments, tab-separated, handed to {@code MQAdminStartup.main0} exactly as the {@code mqadmin}
 * script's {@code main} does (credentials from {@code ${rocketmq.home.dir}/conf/tools.yml}). One
 * JVM for many commands keeps the test in seconds. Started by {@link AclTest} as a child process
 * with the 5.5.0 tools on its class path. Each command's client shutdown wait of up to 3 s is cut
 * short ({@link ToolShutdown}).
 */
public final class MqadminSession {
    /** Printed before each command's output. */
    static final String MARK = "### mqadmin ";

    private MqadminSession() {}

    public static void main(String[] args) throws Exception {
        BufferedReader in =
                new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
        for (String line = in.readLine(); line != null; line = in.readLine()) {
            System.out.println(MARK + line.replace('\t', ' '));
            System.out.flush();
            String[] command = line.split("\t");
            ToolShutdown.run(() -> MQAdminStartup.main0(command, null));
            System.out.flush();
        }
        System.exit(0);
    }
}
