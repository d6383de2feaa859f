package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** UPDATE_NAMESRV_CONFIG leaves the embedded controller's keys to the controller's own port. */
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
}
