package io.bolide.broker;

import io.bolide.broker.auth.AuthFeature;
import io.bolide.broker.registration.HeaderSigner;
import io.bolide.broker.registration.NameServerRegistrar;
import io.bolide.broker.slave.Replicated;
import io.bolide.broker.slave.SlaveFeature;
import io.bolide.broker.slave.SlaveSync;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RequestSigner;

/**
 * What a slave copies from its master besides the commit log: topics, offsets, delay progress and
 * groups, and users and ACLs when it checks requests; from the master the registrar's answers name,
 * signed with the inner credentials when authentication is on.
 */
final class SlaveSide {
    private static final long SYNC_TIMEOUT_MS = 3_000;

    private SlaveSide() {}

    static void follow(
            NameServerRegistrar registrar,
            String selfAddress,
            RemotingClient client,
            AuthFeature auth,
            Replicated tables,
            boolean controlled,
            Teardown teardown) {
        RequestSigner inner = auth.innerSigner();
        SlaveSync sync =
                new SlaveSync(
                        registrar.master(),
                        selfAddress,
                        client,
                        inner == null ? HeaderSigner.NONE : inner::sign,
                        tables,
                        SYNC_TIMEOUT_MS);
        AutoCloseable following = SlaveFeature.follow(sync, System::currentTimeMillis, controlled);
        teardown.push("stopping the slave sync", following::close);
    }
}
