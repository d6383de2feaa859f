package io.bolide.broker;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.config.BrokerConfigKeys;
import io.bolide.broker.controller.ControllerAgent;
import io.bolide.broker.controller.ControllerSettings;
import java.io.IOException;
import java.util.Map;

/**
 * How a controller-mode broker starts (enableControllerMode=true), as the reference's does: it gets
 * its id (kept from an earlier start, else from the controller), opens as a slave that follows
 * nobody yet, then its controller client registers, learns the group's master or asks for an
 * election, and switches it to master or to slave of the master.
 */
final class ControlledStart {
    /** How long a start waits for the controllers to give an id. */
    private static final long ID_TIMEOUT_MS = 30_000;

    private ControlledStart() {}

    static Broker start(BrokerConfig config) throws IOException {
        ControllerSettings settings =
                BrokerConfigKeys.CONTROLLER_MODE.settings(
                        config.values(), config.storePathRootDir());
        ControllerAgent agent =
                ControllerAgent.create(settings, config.brokerClusterName(), config.brokerName());
        StoreSide kept = null;
        try {
            String checkCode =
                    config.brokerIP1()
                            + ":"
                            + config.listenPort()
                            + ";"
                            + System.currentTimeMillis();
            long id = agent.acquireId(checkCode, ID_TIMEOUT_MS);
            BrokerConfig undecided =
                    BrokerConfig.fromValues(
                            config.values()
                                    .with(
                                            Map.of(
                                                    "brokerRole", "SLAVE",
                                                    "brokerId", Long.toString(id),
                                                    "haMasterAddress", "")));
            kept = Broker.openKept(undecided);
            Components parts = Components.start(undecided, 1, agent, kept);
            return Broker.controlled(config, undecided, parts, agent, kept);
        } catch (IOException | RuntimeException e) {
            agent.close();
            Broker.closeKept(kept);
            throw e;
        }
    }
}
