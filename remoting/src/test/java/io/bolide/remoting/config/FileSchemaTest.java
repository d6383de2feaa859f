package io.bolide.remoting.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FileSchemaTest {
    private static final KeyTable.Builder KEYS = KeyTable.builder("test");
    private static final Key<Integer> PORT =
            KEYS.add(Key.ofInt("listenPort", 10, 0, 65535, "port"));
    private static final Key<Integer> SIZE = KEYS.add(Key.ofInt("mappedFileSize", 1, 1, 9, "size"));

    static {
        KEYS.alias("mapedFileSize", SIZE);
    }

    private static final KeyTable TABLE = KEYS.build();

    private static final String REFERENCE =
            "# a comment\n"
                    + "[ignored] no pools to size\n"
                    + "sendThreadPoolNums\n"
                    + "brokerRole\n"
                    + "\n"
                    + "[refused] masters only; use ASYNC_MASTER\n"
                    + "brokerRole=SLAVE\n"
                    + "[refused] keep the commit log under the root\n"
                    + "storePathCommitLog\n"
                    + "[legacy] an old name\n"
                    + "autoTraceBrokerEnable\n";

    private final FileSchema schema =
            new FileSchema("test.conf", TABLE, () -> ReferenceKeys.parse(REFERENCE));

    @Test
    void shouldApplyOwnKeysAndNoteEachAcceptedReferenceKey() {
        List<String> notes = new ArrayList<>();

        ConfigValues values =
                schema.read(
                        pairs(
                                "listenPort", "20",
                                "mapedFileSize", "3",
                                "sendThreadPoolNums", "16",
                                "brokerRole", "ASYNC_MASTER",
                                "autoTraceBrokerEnable", "true"),
                        notes::add);

        assertThat(values.get(PORT)).isEqualTo(20);
        assertThat(values.get(SIZE)).isEqualTo(3);
        assertThat(values.texts()).containsKeys("listenPort", "mappedFileSize");
        assertThat(notes)
                .containsExactly(
                        "test.conf key sendThreadPoolNums=16 has no effect in Bolide: no pools to"
                                + " size",
                        "test.conf key brokerRole=ASYNC_MASTER has no effect in Bolide: no pools to"
                                + " size",
                        "test.conf key autoTraceBrokerEnable=true has no effect in Bolide: an old"
                                + " name");
    }

    @Test
    void shouldRefuseARefusedValueWhateverItsCaseNamingKeyValueAndWhatInstead() {
        assertThatThrownBy(() -> schema.read(pairs("brokerRole", "slave"), note -> {}))
                .hasMessage(
                        "test.conf key brokerRole=slave is refused: masters only; use"
                                + " ASYNC_MASTER");
        assertThatThrownBy(() -> schema.read(pairs("storePathCommitLog", "/x"), note -> {}))
                .hasMessageContaining("storePathCommitLog=/x is refused");
    }

    @Test
    void shouldSuggestTheNearestNameForATypoAndListEveryProblemWithoutNotes() {
        List<String> notes = new ArrayList<>();

        assertThatThrownBy(
                        () ->
                                schema.read(
                                        pairs(
                                                "listenPrt", "1",
                                                "sendThreadPoolNums", "16",
                                                "listenPort", "70000"),
                                        notes::add))
                .hasMessageStartingWith("2 problems:\n")
                .hasMessageContaining(
                        "unknown test config key 'listenPrt' (did you mean 'listenPort'?)")
                .hasMessageContaining("bad value '70000' for test config key 'listenPort'")
                .hasMessageEndingWith(
                        "accepted keys: listenPort, mappedFileSize, and the reference's keys"
                                + " ./bolide keys lists");
        assertThat(notes).isEmpty();
        assertThatThrownBy(() -> schema.read(pairs("zzzzzzzz", "1"), note -> {}))
                .hasMessageStartingWith("unknown test config key 'zzzzzzzz': neither");
    }

    @Test
    void shouldFindTheNearestNameByEditDistanceOnly() {
        List<String> known = List.of("brokerName", "brokerRole", "flushDiskType");

        assertThat(NearestName.of("brokerNmae", known)).isEqualTo("brokerName");
        assertThat(NearestName.of("FlushDiskTyp", known)).isEqualTo("flushDiskType");
        assertThat(NearestName.of("listenPort", known)).isNull();
        assertThat(NearestName.distance("ab", "ba")).isEqualTo(1);
    }

    private static Map<String, String> pairs(String... kv) {
        Map<String, String> pairs = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            pairs.put(kv[i], kv[i + 1]);
        }
        return pairs;
    }
}
