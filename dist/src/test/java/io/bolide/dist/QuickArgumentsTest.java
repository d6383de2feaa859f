package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class QuickArgumentsTest {
    @Test
    void shouldSetTheOptionsOfAPlainLineAndTheDeclaredDefaults() {
        StartCommand start = new StartCommand();

        boolean applied =
                QuickArguments.apply(
                        start,
                        new String[] {"--data", "/tmp/d", "--broker-port=20911", "-c", "b.conf"});

        assertThat(applied).isTrue();
        assertThat(start.dataDirectory).isEqualTo(Path.of("/tmp/d"));
        assertThat(start.brokerPort).isEqualTo(20911);
        assertThat(start.configFile).isEqualTo(Path.of("b.conf"));
        assertThat(start.namesrvPort).isEqualTo(9876);
    }

    @Test
    void shouldAgreeWithPicocliOnTheSameLine() {
        String[] line = {"-n", "127.0.0.1:9876;127.0.0.2:9876", "--data=/tmp/x"};
        BrokerCommand quick = new BrokerCommand();
        BrokerCommand parsed = new BrokerCommand();

        assertThat(QuickArguments.apply(quick, line)).isTrue();
        new picocli.CommandLine(parsed).parseArgs(line);

        assertThat(quick.namesrvAddr).isEqualTo(parsed.namesrvAddr);
        assertThat(quick.dataDirectory).isEqualTo(parsed.dataDirectory);
        assertThat(quick.configFile).isEqualTo(parsed.configFile);
    }

    @Test
    void shouldLeaveEverythingUnusualToPicocli() {
        assertThat(QuickArguments.apply(new StartCommand(), new String[] {"--help"})).isFalse();
        assertThat(QuickArguments.apply(new StartCommand(), new String[] {"-V"})).isFalse();
        assertThat(QuickArguments.apply(new StartCommand(), new String[] {"--bogus", "1"}))
                .isFalse();
        assertThat(QuickArguments.apply(new StartCommand(), new String[] {"--data"})).isFalse();
        assertThat(QuickArguments.apply(new NamesrvCommand(), new String[] {"-p", "many"}))
                .isFalse();
        assertThat(QuickArguments.apply(new NamesrvCommand(), new String[] {"-p9876"})).isFalse();
        assertThat(QuickArguments.apply(new StartCommand(), new String[] {"--data", "-c"}))
                .isFalse();
    }
}
