package io.bolide.broker.controller;

import io.bolide.protocol.code.ResponseCode;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How a controller-mode broker gets its id, as the reference's does: the id kept in its identity
 * file when there is one; else it asks the controller for the group's next id
 * (CONTROLLER_GET_NEXT_BROKER_ID), writes the claim with a check code, claims it
 * (CONTROLLER_APPLY_BROKER_ID) and keeps it. A claim interrupted by a crash is repeated with the
 * same check code, which the controller accepts again; an id another broker took starts over.
 */
final class IdentityClaim {
    private static final Logger LOG = LoggerFactory.getLogger(IdentityClaim.class);

    private IdentityClaim() {}

    /**
     * @param checkCode a code unique to this claim (the reference uses address;time)
     * @throws IOException when the file names another group, or the controllers cannot be reached
     */
    static long acquire(
            IdentityFile file,
            Controllers controllers,
            String cluster,
            String brokerName,
            String checkCode)
            throws IOException {
        IdentityFile.Identity kept = file.confirmed();
        if (kept != null) {
            requireGroup(kept, cluster, brokerName);
            return kept.id();
        }
        IdentityFile.Identity claim = file.claimed();
        if (claim != null && !claim.sameGroup(cluster, brokerName)) {
            file.dropClaim();
            claim = null;
        }
        if (claim == null) {
            long next = controllers.nextBrokerId(cluster, brokerName);
            claim = new IdentityFile.Identity(cluster, brokerName, next, checkCode);
            file.claim(claim);
        }
        try {
            controllers.applyBrokerId(cluster, brokerName, claim.id(), claim.checkCode());
        } catch (Controllers.Refused refused) {
            if (refused.code() == ResponseCode.CONTROLLER_BROKER_ID_INVALID) {
                LOG.warn("broker id {} was taken by another broker; asking again", claim.id());
                file.dropClaim();
            }
            throw refused;
        }
        file.confirm(claim);
        LOG.info("controller gave {} of {} broker id {}", brokerName, cluster, claim.id());
        return claim.id();
    }

    private static void requireGroup(IdentityFile.Identity kept, String cluster, String name)
            throws IOException {
        if (!kept.sameGroup(cluster, name)) {
            throw new IOException(
                    "the broker identity file holds "
                            + kept.line()
                            + " but this broker is "
                            + cluster
                            + "#"
                            + name
                            + ": remove the file (storePathBrokerIdentity) or fix the config");
        }
    }
}
