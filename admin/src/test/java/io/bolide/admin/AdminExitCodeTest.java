package io.bolide.admin;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The exit codes that need no server: a bad command line is 2 with a hint, a name server nobody
 * listens on is 3. (Refusals, 1, are asserted against real servers in the interop tests.)
 */
class AdminExitCodeTest {
    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    @Test
    void shouldExitTwoOnAnUnknownFlag() {
        assertThat(run("topic", "list", "-n", "127.0.0.1:9876", "--bogus")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8))
                .contains("unknown option: --bogus")
                .contains("bolide admin --help");
    }

    @Test
    void shouldExitTwoOnAFlagWithoutItsValueOrAnUnknownCommand() {
        assertThat(run("topic", "route", "-n", "127.0.0.1:9876", "-t")).isEqualTo(2);
        assertThat(run("tpoic", "list", "-n", "127.0.0.1:9876")).isEqualTo(2);
        assertThat(run("topic", "route", "-n", "127.0.0.1:9876")).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("missing --topic");
    }

    @Test
    void shouldPrintUsageForHelp() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("topic create");
        assertThat(run()).isEqualTo(2);
    }

    @Test
    void shouldExitThreeWhenTheNameServerDoesNotAnswer() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        assertThat(run("cluster", "-n", "127.0.0.1:" + port, "--timeout", "2000")).isEqualTo(3);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("cannot reach 127.0.0.1:" + port);
    }

    @Test
    void shouldPrintAlignedColumnsAndNullAsDash() {
        Report report = new Report("name", "count").row("a", 1).row("longer", null);
        TablePrinter.print(report, new PrintStream(out, true, StandardCharsets.UTF_8));
        assertThat(out.toString(StandardCharsets.UTF_8).lines().toList())
                .containsExactly("NAME    COUNT", "a       1", "longer  -");
    }

    private int run(String... line) {
        return Admin.run(
                List.of(line),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }
}
