package io.bolide.broker.config;

import io.bolide.broker.admin.LiveSettings;
import io.bolide.protocol.body.DataVersion;
import java.util.Map;

/** {@link BrokerSettings} as the admin feature sees them. */
public final class AdminSettings implements LiveSettings {
    private final BrokerSettings settings;

    public AdminSettings(BrokerSettings settings) {
        this.settings = settings;
    }

    @Override
    public DataVersion version() {
        return settings.version();
    }

    @Override
    public String text() {
        return settings.text();
    }

    @Override
    public String update(Map<String, String> updates) {
        return settings.update(updates);
    }
}
