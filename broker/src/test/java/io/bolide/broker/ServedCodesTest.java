package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.codes.Codes;
import io.bolide.remoting.RequestHandler;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The list of served codes is what a started broker actually serves, feature by feature. */
@ExtendWith(LeakCheck.class)
class ServedCodesTest {
    @TempDir Path dir;

    @Test
    void shouldServeExactlyTheListedCodesFromTheListedFeaturePackages() throws Exception {
        try (Broker broker = Broker.start(TestBrokers.config(dir).build())) {
            Map<Integer, String> served = new TreeMap<>();
            for (Map.Entry<Integer, RequestHandler> entry : broker.servedCodes().entrySet()) {
                served.put(entry.getKey(), feature(entry.getKey(), entry.getValue()));
            }
            assertThat(served).isEqualTo(new TreeMap<>(Codes.SERVED));
        }
    }

    /**
     * The feature package of a handler: its package below io.bolide.broker. A handler the broker
     * shares with the name server (io.bolide.remoting: UPDATE_BROKER_CONFIG's) has no broker
     * package of its own; it counts for the one the list names.
     */
    private static String feature(int code, RequestHandler handler) {
        String name = handler.getClass().getPackageName();
        if (name.equals("io.bolide.remoting")) {
            return Codes.SERVED.get(code);
        }
        return name.substring("io.bolide.broker.".length());
    }
}
