package io.bolide.broker;

import io.bolide.remoting.RemotingServer;

/**
 * For tests of other packages that run the official clients against a broker (the console's browser
 * tests): the stand-in name server of {@link OfficialClientSmokeTest} and a look at the broker's
 * topic table.
 */
public final class ClientRoutes {
    private ClientRoutes() {}

    /** A name server that answers routes from {@code broker}'s own topics (caller closes it). */
    public static RemotingServer nameServer(Broker broker) throws Exception {
        return OfficialClientSmokeTest.routes(broker);
    }

    /** Whether {@code broker} has topic {@code name}. */
    public static boolean hasTopic(Broker broker, String name) {
        return broker.topicConfig(name) != null;
    }
}
