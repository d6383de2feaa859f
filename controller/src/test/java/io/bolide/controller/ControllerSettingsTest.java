package io.bolide.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** What UPDATE_CONTROLLER_CONFIG may change, all or none, and what GET_CONTROLLER_CONFIG lists. */
class ControllerSettingsTest {
    private final List<ControllerConfig> applied = new ArrayList<>();
    private final ControllerSettings settings =
            new ControllerSettings(ControllerConfig.builder().build(), applied::add);

    @Test
    void shouldListEveryKeyWithItsValue() throws IOException {
        Properties text = new Properties();
        text.load(new StringReader(settings.text()));

        for (var key : ControllerConfig.keyTable().keys()) {
            assertThat(text).containsKey(key.name());
        }
        assertThat(text.getProperty("controllerHeartBeatTimeoutMills")).isEqualTo("10000");
        assertThat(text.getProperty("configBlackList"))
                .isEqualTo("configBlackList;configStorePath");
    }

    @Test
    void shouldApplyLiveKeysAndHandThemOn() {
        String refusal =
                settings.update(
                        Map.of(
                                "controllerHeartBeatTimeoutMills", "2500",
                                "enableElectUncleanMaster", "true",
                                "scanInactiveMasterInterval", "700"));

        assertThat(refusal).isNull();
        assertThat(applied).hasSize(1);
        assertThat(applied.get(0).heartbeatTimeoutMillis()).isEqualTo(2500);
        assertThat(applied.get(0).electUnclean()).isTrue();
        assertThat(applied.get(0).scanMillis()).isEqualTo(700);
        assertThat(settings.text()).contains("controllerHeartBeatTimeoutMills=2500\n");
    }

    @Test
    void shouldChangeNothingWhenOneKeyIsRefused() {
        assertRefused(
                Map.of("controllerHeartBeatTimeoutMills", "2500", "noSuchKey", "1"), "noSuchKey");
        assertRefused(
                Map.of("controllerHeartBeatTimeoutMills", "2500", "jRaftGroupId", "g"),
                "jRaftGroupId");
        assertRefused(
                Map.of("enableElectUncleanMaster", "true", "electMasterMaxRetryCount", "-4"),
                "electMasterMaxRetryCount");
    }

    @Test
    void shouldRefuseBlackListedKeys() {
        assertRefused(Map.of("configBlackList", ""), "configBlackList");
        assertRefused(Map.of("rocketmqHome", "/tmp"), "rocketmqHome");

        ControllerSettings guarded =
                new ControllerSettings(
                        ControllerConfig.builder()
                                .set(
                                        ControllerConfigKeys.CONFIG_BLACK_LIST,
                                        "configBlackList; controllerHeartBeatTimeoutMills")
                                .build(),
                        applied::add);
        assertThat(guarded.update(Map.of("controllerHeartBeatTimeoutMills", "2500")))
                .contains("'controllerHeartBeatTimeoutMills'")
                .contains("configBlackList");
        assertThat(guarded.update(Map.of("enableElectUncleanMaster", "true"))).isNull();
    }

    private void assertRefused(Map<String, String> updates, String key) {
        String before = settings.text();

        assertThat(settings.update(updates)).contains(key);
        assertThat(settings.text()).isEqualTo(before);
        assertThat(applied).isEmpty();
    }
}
