package io.bolide.broker.config;

import io.bolide.remoting.config.ConfigValues;
import java.nio.file.Path;

/** The checks of a broker.conf that span keys, run once every value has parsed. */
final class ConfigChecks {
    private ConfigChecks() {}

    /** Throws IllegalArgumentException naming the keys of the first rule broken. */
    static void check(ConfigValues values) {
        checkCommitLogPath(values);
        checkRole(values);
        BrokerConfigKeys.TIER.check(
                values, values.get(BrokerConfigKeys.MAPPED_FILE_SIZE_COMMIT_LOG));
    }

    /** storePathCommitLog may only name where Bolide keeps the commit log anyway. */
    static void checkCommitLogPath(ConfigValues values) {
        String path = values.get(BrokerConfigKeys.STORE_PATH_COMMIT_LOG);
        Path expected = values.get(BrokerConfigKeys.STORE_PATH_ROOT_DIR).resolve("commitlog");
        if (!path.isEmpty() && !Path.of(path).normalize().equals(expected.normalize())) {
            throw new IllegalArgumentException(
                    "bad value '"
                            + path
                            + "' for broker config key 'storePathCommitLog': Bolide keeps the"
                            + " commit log at storePathRootDir/commitlog ("
                            + expected
                            + "); set storePathRootDir to move it");
        }
    }

    /** A slave needs an id of 1 or more (unless a controller assigns it), as the reference's. */
    static void checkRole(ConfigValues values) {
        if (values.get(BrokerConfigKeys.BROKER_ROLE) == BrokerRole.SLAVE
                && values.get(BrokerConfigKeys.BROKER_ID) <= 0
                && !values.get(BrokerConfigKeys.CONTROLLER_MODE.enableControllerMode)) {
            throw new IllegalArgumentException(
                    "broker config key 'brokerId' must be 1 or more for brokerRole=SLAVE (0 is"
                            + " the master's id)");
        }
    }
}
