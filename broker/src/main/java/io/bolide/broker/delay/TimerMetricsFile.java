package io.bolide.broker.delay;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.TimerMetricsSerializeWrapper;
import io.bolide.protocol.frame.ProtocolDecodeException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Map;

/**
 * The timer metrics a broker serves (GET_TIMER_METRICS) in the reference's {@code timermetrics}
 * layout. Bolide counts no timer messages by topic, so a broker serves an empty table, stamped when
 * it started, until it has copied its master's table as a slave (the text written as it is, like
 * the delay progress); then it serves that copy, as the reference's slave does.
 */
final class TimerMetricsFile {
    private final StateFile file;
    private volatile String json;
    private volatile DataVersion version;

    TimerMetricsFile(StateFile file, long nowMs) throws IOException {
        this.file = file;
        if (Files.exists(file.path())) {
            String text = Files.readString(file.path(), StandardCharsets.UTF_8);
            DataVersion stored = versionOf(text);
            if (stored != null) {
                this.json = text;
                this.version = stored;
                return;
            }
        }
        this.version = new DataVersion(0, nowMs, 0);
        this.json =
                new String(
                        BodyCodec.encode(new TimerMetricsSerializeWrapper(Map.of(), version)),
                        StandardCharsets.UTF_8);
    }

    String json() {
        return json;
    }

    DataVersion version() {
        return version;
    }

    /**
     * Writes a master's table, unless it carries this broker's version already.
     *
     * @return whether it was written
     * @throws IllegalArgumentException if {@code masterJson} is no timer-metrics body with a
     *     version
     */
    boolean adopt(String masterJson) throws IOException {
        DataVersion master = versionOf(masterJson);
        if (master == null) {
            throw new IllegalArgumentException("timer metrics without a data version");
        }
        if (master.equals(version)) {
            return false;
        }
        file.write(masterJson);
        json = masterJson;
        version = master;
        return true;
    }

    private static DataVersion versionOf(String text) {
        try {
            return BodyCodec.decode(
                            text.getBytes(StandardCharsets.UTF_8),
                            TimerMetricsSerializeWrapper.class)
                    .dataVersion();
        } catch (ProtocolDecodeException e) {
            return null;
        }
    }
}
