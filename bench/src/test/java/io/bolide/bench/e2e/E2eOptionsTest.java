package io.bolide.bench.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class E2eOptionsTest {
    @Test
    void shouldDefaultToTheIssueScenario() {
        E2eOptions options = E2eOptions.parse(new String[0]);

        assertThat(options.mode).isEqualTo("run");
        assertThat(options.threads).isEqualTo(64);
        assertThat(options.size).isEqualTo(1024);
        assertThat(options.durationSeconds).isEqualTo(30);
        assertThat(options.pids).isEmpty();
        assertThat(options.pop).isFalse();
        assertThat(options.backlogMessages).isZero();
    }

    @Test
    void shouldTakeThePopModeAndAFixedBacklog() {
        E2eOptions options =
                E2eOptions.parse(
                        new String[] {"--consume-mode", "POP", "--backlog-messages", "50000"});

        assertThat(options.pop).isTrue();
        assertThat(options.backlogMessages).isEqualTo(50_000);
        assertThat(E2eOptions.parse(new String[] {"--consume-mode", "PULL"}).pop).isFalse();
    }

    @Test
    void shouldParseNamedValuesAndPidList() {
        E2eOptions options =
                E2eOptions.parse(
                        new String[] {"--threads", "8", "--pids", "12,34", "--topic", "T1"});

        assertThat(options.threads).isEqualTo(8);
        assertThat(options.pids).containsExactly(12, 34);
        assertThat(options.topic).isEqualTo("T1");
    }

    @Test
    void shouldRejectAValuelessOption() {
        assertThatThrownBy(() -> E2eOptions.parse(new String[] {"--threads"}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("--threads");
    }
}
