package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forms of command line the parser accepts: every one picocli and QuickArguments took. */
class CommandLineTest {
    @TempDir Path dir;

    @Test
    void shouldSetTheOptionsOfAPlainLineAndTheDeclaredDefaults() {
        StartCommand start =
                (StartCommand)
                        create(
                                StartCommand.SPEC,
                                "--data",
                                "/tmp/d",
                                "--broker-port=20911",
                                "-c",
                                "b.conf");

        assertThat(start.dataDirectory).isEqualTo(Path.of("/tmp/d"));
        assertThat(start.brokerPort).isEqualTo(20911);
        assertThat(start.configFile).isEqualTo(Path.of("b.conf"));
        assertThat(start.namesrvPort).isEqualTo(9876);
    }

    @Test
    void shouldReadShortLongAttachedAndEqualsForms() {
        BrokerCommand broker =
                (BrokerCommand)
                        create(
                                BrokerCommand.SPEC,
                                "-n",
                                "127.0.0.1:9876;127.0.0.2:9876",
                                "--data=/tmp/x");
        NamesrvCommand attached =
                (NamesrvCommand) create(NamesrvCommand.SPEC, "-p9876", "-c=n.conf");
        NamesrvCommand repeated =
                (NamesrvCommand) create(NamesrvCommand.SPEC, "--port", "5", "-p", "-1");

        assertThat(broker.namesrvAddr).isEqualTo("127.0.0.1:9876;127.0.0.2:9876");
        assertThat(broker.dataDirectory).isEqualTo(Path.of("/tmp/x"));
        assertThat(broker.configFile).isNull();
        assertThat(attached.port).isEqualTo(9876);
        assertThat(attached.configFile).isEqualTo(Path.of("n.conf"));
        assertThat(repeated.port).isEqualTo(-1);
    }

    @Test
    void shouldExpandArgumentFiles() throws IOException {
        Path args = Files.writeString(dir.resolve("args"), "# options\n--data 'a dir'\n-p 7\n");

        List<String> expanded = AtFiles.expand(List.of("@" + args, "@absent-file"));

        assertThat(expanded).containsExactly("--data", "a dir", "-p", "7", "@absent-file");
    }

    @Test
    void shouldRefuseWhatIsNotAnOptionWithPicocliWording() {
        assertRefused(StartCommand.SPEC, "Unknown option: '--bogus'", "--bogus", "1");
        assertRefused(
                StartCommand.SPEC,
                "Missing required parameter for option '--data' (DIR)",
                "--data");
        assertRefused(
                NamesrvCommand.SPEC,
                "Invalid value for option '--port': 'many' is not an int",
                "-p",
                "many");
        assertRefused(
                StartCommand.SPEC,
                "Expected parameter for option '--data' but found '-c'",
                "--data",
                "-c");
        assertRefused(
                NamesrvCommand.SPEC, "Unmatched argument at index 2: 'extra'", "-c", "x", "extra");
    }

    @Test
    void shouldShowHelpAndVersionWithStatusZero() {
        StringWriter out = new StringWriter();

        int help =
                new CommandLine(NamesrvCommand.SPEC)
                        .setOut(new PrintWriter(out, true))
                        .execute("-c", "x", "-hV");
        int version = BolideCommand.commandLine().setOut(new PrintWriter(out, true)).execute("-V");

        assertThat(help).isZero();
        assertThat(version).isZero();
        assertThat(out.toString())
                .startsWith("Usage: bolide namesrv [-hV] [-c=FILE] [--data=DIR] [-p=PORT]\n")
                .contains("  -c, --config=FILE   configuration file")
                .contains("      --data=DIR      data directory")
                .endsWith("bolide 0.1.0\n");
    }

    @Test
    void shouldSuggestTheNearestSubcommand() {
        StringWriter err = new StringWriter();

        int status = BolideCommand.commandLine().setErr(new PrintWriter(err, true)).execute("stat");

        assertThat(status).isEqualTo(2);
        assertThat(err.toString())
                .contains("Unmatched argument at index 0: 'stat'")
                .contains("Did you mean: bolide start?")
                .contains("Usage: bolide [-hV] [COMMAND]");
    }

    @Test
    void shouldListEverySubcommandInTheRootHelp() {
        StringWriter out = new StringWriter();

        BolideCommand.commandLine().setOut(new PrintWriter(out, true)).execute("--help");

        assertThat(out.toString())
                .containsPattern("\n  start +Run a name server and a broker")
                .containsPattern("\n  keys +List")
                .containsPattern("\n  check-config +Check a broker.conf");
    }

    @Test
    void shouldTakeTheFileOfCheckConfigAsAWordThatIsNoOption() {
        Arguments parsed =
                new ArgumentParser(CheckConfigCommand.SPEC).parse(List.of("--namesrv", "n.conf"));

        assertThat(parsed.path(CheckConfigCommand.FILE)).isEqualTo(Path.of("n.conf"));
        assertThat(parsed.has(CheckConfigCommand.NAMESRV)).isTrue();
        assertRefused(CheckConfigCommand.SPEC, "Missing required parameter: 'FILE'", "--namesrv");
        assertRefused(
                CheckConfigCommand.SPEC,
                "Unmatched argument at index 1: 'b.conf'",
                "a.conf",
                "b.conf");
        assertThat(CheckConfigCommand.SPEC.usage())
                .startsWith("Usage: bolide check-config [-hV] [--namesrv] FILE\n");
    }

    private static Object create(CommandSpec spec, String... args) {
        return spec.create(
                new ArgumentParser(spec).parse(List.of(args)), new PrintWriter(new StringWriter()));
    }

    private static void assertRefused(CommandSpec spec, String message, String... args) {
        assertThatThrownBy(() -> new ArgumentParser(spec).parse(List.of(args)))
                .isInstanceOf(UsageException.class)
                .hasMessage(message);
    }
}
