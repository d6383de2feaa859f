package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.remoting.config.ConfigValues;
import io.bolide.remoting.config.KeyTable;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The listener keys as a role's file gives them: the reference's {@code tls.*} names, and where a
 * value comes from when the file does not set it (the TLS properties file, then the system
 * property, then the default).
 */
class ListenerKeysTest {
    private static final KeyTable.Builder KEYS = KeyTable.builder("test");
    private static final ListenerKeys LISTENER = ListenerKeys.declare(KEYS);
    private static final ClientTlsKeys CLIENT = ClientTlsKeys.declare(KEYS);
    private static final KeyTable TABLE = KEYS.build();

    @TempDir Path dir;

    private ConfigValues values(Map<String, String> pairs) {
        return TABLE.parse(pairs);
    }

    @Test
    void shouldDefaultToPlainTcpAndGenerousLimits() {
        ConfigValues values = values(Map.of("tls.config.file", dir.resolve("none").toString()));
        assertThat(LISTENER.tls(values).mode()).isEqualTo(TlsMode.DISABLED);
        assertThat(LISTENER.limits(values)).isEqualTo(ConnectionLimits.DEFAULT);
        assertThat(LISTENER.idleSeconds(values)).isEqualTo(120);
        assertThat(CLIENT.tls(values, LISTENER).enabled()).isFalse();
    }

    @Test
    void shouldReadTlsSettingsFromFileKeysFirstThenTlsFileThenSystemProperties() throws Exception {
        Path file = dir.resolve("tls.properties");
        Files.writeString(file, "tls.server.mode=permissive\ntls.server.certPath=/from/file.crt\n");
        System.setProperty("tls.server.certPath", "/from/property.crt");
        System.setProperty("tls.server.keyPath", "/from/property.key");
        try {
            ServerTlsConfig tls =
                    LISTENER.tls(
                            values(
                                    Map.of(
                                            "tls.config.file",
                                            file.toString(),
                                            "tls.server.mode",
                                            "enforcing")));
            assertThat(tls.mode()).isEqualTo(TlsMode.ENFORCING); // the role's file wins
            assertThat(tls.certPath()).isEqualTo("/from/file.crt"); // then the TLS file
            assertThat(tls.keyPath()).isEqualTo("/from/property.key"); // then the property
            assertThat(tls.clientAuth()).isEqualTo("none"); // then the default
        } finally {
            System.clearProperty("tls.server.certPath");
            System.clearProperty("tls.server.keyPath");
        }
    }

    @Test
    void shouldTurnOnClientTlsFromUseTlsOrTheReferenceProperty() {
        Map<String, String> noFile = Map.of("tls.config.file", dir.resolve("none").toString());
        ConfigValues on =
                values(
                        Map.of(
                                "useTLS", "true",
                                "tls.client.authServer", "true",
                                "tls.test.mode.enable", "false",
                                "tls.config.file", noFile.get("tls.config.file")));
        ClientTlsConfig tls = CLIENT.tls(on, LISTENER);
        assertThat(tls.enabled()).isTrue();
        assertThat(tls.verifiesServer()).isTrue();
        System.setProperty("tls.enable", "true");
        try {
            assertThat(CLIENT.tls(values(noFile), LISTENER).enabled()).isTrue();
        } finally {
            System.clearProperty("tls.enable");
        }
        Map<String, String> enforcing =
                Map.of(
                        "tls.server.mode",
                        "enforcing",
                        "tls.config.file",
                        noFile.get("tls.config.file"));
        assertThat(CLIENT.tls(values(enforcing), LISTENER).enabled())
                .as("TLS out when TLS is enforced in, as the reference")
                .isTrue();
    }

    @Test
    void shouldRefuseBadValuesNamingTheKey() {
        assertThatThrownBy(() -> values(Map.of("tls.server.mode", "sometimes")))
                .hasMessageContaining("tls.server.mode");
        assertThatThrownBy(() -> values(Map.of("tls.server.need.client.auth", "always")))
                .hasMessageContaining("tls.server.need.client.auth");
        assertThat(
                        LISTENER.limits(
                                values(
                                        Map.of(
                                                "maxConnections", "5",
                                                "maxConnectionsPerAddress", "2",
                                                "frameTimeoutMillis", "0",
                                                "maxRequestsInFlightPerConnection", "16"))))
                .isEqualTo(new ConnectionLimits(5, 2, 0, 16));
    }
}
