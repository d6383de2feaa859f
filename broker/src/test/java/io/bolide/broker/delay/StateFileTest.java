package io.bolide.broker.delay;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StateFileTest {
    @Test
    void shouldReadQuotedAndBareIntegerKeys() {
        assertThat(StateFile.numbers("{\"offsetTable\":{\"1\":5,\"2\":17}}"))
                .containsEntry("1", 5L)
                .containsEntry("2", 17L);
        assertThat(StateFile.numbers("{\"offsetTable\":{1:5, 3 : 9}}"))
                .containsEntry("1", 5L)
                .containsEntry("3", 9L);
    }

    @Test
    void shouldIgnoreNonNumericValues() {
        assertThat(StateFile.numbers("{\"a\":\"x\",\"b\":{\"c\":2}}"))
                .containsOnlyKeys("c")
                .containsEntry("c", 2L);
    }

    @Test
    void shouldReplaceTheFileAndReadItBack(@TempDir Path dir) throws Exception {
        StateFile file = new StateFile(dir.resolve("config/state.json"));

        assertThat(file.read()).isEmpty();
        file.write("{\"cursor\":12}");
        file.write("{\"cursor\":13}");

        assertThat(file.read()).containsEntry("cursor", 13L);
        assertThat(Files.list(dir.resolve("config"))).hasSize(1);
    }
}
