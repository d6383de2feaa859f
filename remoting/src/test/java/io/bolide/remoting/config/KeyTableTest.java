package io.bolide.remoting.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class KeyTableTest {
    private enum Mode {
        FAST,
        SAFE
    }

    private static final KeyTable.Builder KEYS = KeyTable.builder("test");
    private static final Key<Integer> PORT =
            KEYS.add(Key.ofInt("listenPort", 10, 0, 65535, "port"));
    private static final Key<Boolean> AUTO = KEYS.add(Key.ofBoolean("auto", true, "auto").live());
    private static final Key<Mode> MODE =
            KEYS.add(Key.ofEnum("mode", Mode.values(), Mode.FAST, "mode"));
    private static final KeyTable TABLE = KEYS.build();

    @Test
    void shouldStartFromTheDefaultsAndKeepTheGivenText() {
        ConfigValues values = TABLE.parse(Map.of("listenPort", " 20 ", "auto", "FALSE"));

        assertThat(values.get(PORT)).isEqualTo(20);
        assertThat(values.get(AUTO)).isFalse();
        assertThat(values.get(MODE)).isEqualTo(Mode.FAST);
        assertThat(values.texts())
                .containsExactly(
                        Map.entry("listenPort", "20"),
                        Map.entry("auto", "FALSE"),
                        Map.entry("mode", "FAST"));
    }

    @Test
    void shouldRefuseUnknownKeysAndBadValuesNamingThem() {
        assertThatThrownBy(() -> TABLE.parse(Map.of("listenPrt", "1")))
                .hasMessage(
                        "unknown test config key 'listenPrt'; accepted keys: listenPort, auto, mode");
        assertThatThrownBy(() -> TABLE.parse(Map.of("listenPort", "70000")))
                .hasMessage(
                        "bad value '70000' for test config key 'listenPort': must be in [0, 65535]");
        assertThatThrownBy(() -> TABLE.parse(Map.of("mode", "fast")))
                .hasMessageContaining("expected one of FAST, SAFE");
        assertThatThrownBy(() -> TABLE.defaults().toBuilder().set(PORT, -1))
                .hasMessageContaining("'listenPort'");
    }

    @Test
    void shouldLeaveValuesUnchangedWhenDerivingNewOnes() {
        ConfigValues before = TABLE.defaults();
        ConfigValues after = before.with(Map.of("listenPort", "30"));

        assertThat(before.get(PORT)).isEqualTo(10);
        assertThat(after.get(PORT)).isEqualTo(30);
        assertThat(TABLE.liveNames()).containsExactly("auto");
    }

    @Test
    void shouldRefuseAKeyOfAnotherTableAndANameDeclaredTwice() {
        KeyTable.Builder other = KeyTable.builder("other");
        Key<Integer> foreign = other.add(Key.ofInt("listenPort", 1, 0, 9, "port"));
        other.build();

        assertThatThrownBy(() -> TABLE.defaults().get(foreign))
                .isInstanceOf(IllegalArgumentException.class);
        KeyTable.Builder twice = KeyTable.builder("twice");
        twice.add(Key.ofInt("a", 1, 0, 9, "a"));
        assertThatThrownBy(() -> twice.add(Key.ofInt("a", 1, 0, 9, "a")))
                .isInstanceOf(IllegalStateException.class);
    }
}
