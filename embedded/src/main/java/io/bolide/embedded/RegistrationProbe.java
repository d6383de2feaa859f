package io.bolide.embedded;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.ClusterInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.RemotingException;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Waits until the name server lists a broker address, by asking it as a client would. The broker
 * registers asynchronously; a client that asks for routes before then gets none.
 */
final class RegistrationProbe {
    private static final long TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private RegistrationProbe() {}

    static void await(String nameServer, String brokerAddress) throws IOException {
        long deadline = System.nanoTime() + TIMEOUT_NANOS;
        try (RemotingClient client = new RemotingClient(RemotingClientConfig.builder().build())) {
            while (!lists(client, nameServer, brokerAddress)) {
                if (System.nanoTime() - deadline > 0) {
                    throw new IOException(
                            "broker " + brokerAddress + " did not register with " + nameServer);
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while waiting for registration", e);
        }
    }

    private static boolean lists(RemotingClient client, String nameServer, String brokerAddress)
            throws InterruptedException {
        RemotingCommand response;
        try {
            response =
                    client.invokeSync(
                            nameServer, RequestCode.GET_BROKER_CLUSTER_INFO, null, null, 3000);
        } catch (RemotingException e) {
            return false;
        }
        try {
            if (response.code() != ResponseCode.SUCCESS || response.bodyLength() == 0) {
                return false;
            }
            ClusterInfo info = BodyCodec.decode(response.body(), ClusterInfo.class);
            for (BrokerData broker : info.brokerAddrTable().values()) {
                if (broker.brokerAddrs().containsValue(brokerAddress)) {
                    return true;
                }
            }
            return false;
        } finally {
            response.release();
        }
    }
}
