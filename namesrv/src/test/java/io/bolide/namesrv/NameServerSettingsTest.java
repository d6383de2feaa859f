package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UPDATE_NAMESRV_CONFIG leaves the embedded controller's keys to the controller's own port, and
 * keeps the keys it changed in the configStorePath file across a restart.
 */
class NameServerSettingsTest {
    private final List<NameServerConfig> applied = new ArrayList<>();
    private final NameServerSettings settings =
            new NameServerSettings(NameServerConfig.builder().build(), applied::add);

    @Test
    void shouldRefuseControllerKeysAndPointToUpdateControllerConfig() {
        String refusal =
                settings.update(
                        Map.of(
                                "brokerExpiryMillis", "60000",
                                "controllerHeartBeatTimeoutMills", "2000"));

        assertThat(refusal)
                .contains("'controllerHeartBeatTimeoutMills'")
                .contains("UPDATE_CONTROLLER_CONFIG");
        assertThat(applied).isEmpty();
        assertThat(settings.text()).contains("brokerExpiryMillis=120000\n");
    }

    @Test
    void shouldStillApplyItsOwnLiveKeys() {
        assertThat(settings.update(Map.of("brokerExpiryMillis", "60000"))).isNull();
        assertThat(applied).hasSize(1);
    }

    @Test
    void shouldKeepLiveChangesInTheConfigStoreFileAcrossARestart(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("conf/namesrv.properties");
        NameServerConfig start =
                NameServerConfig.builder().set("configStorePath", file.toString()).build();
        NameServerSettings first = new NameServerSettings(start, applied::add);

        assertThat(first.update(Map.of("scanNotActiveBrokerInterval", "2500"))).isNull();

        assertThat(Files.readAllLines(file)).containsExactly("scanNotActiveBrokerInterval=2500");
        NameServerSettings restarted = new NameServerSettings(start, applied::add);
        assertThat(restarted.current().scanIntervalMillis()).isEqualTo(2500);
        assertThat(restarted.text()).contains("scanNotActiveBrokerInterval=2500\n");
        assertThat(settings.current().scanIntervalMillis()).isEqualTo(5000);
    }
}
