package io.bolide.namesrv;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.ClusterInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.RemotingException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Asks a name server, as a client would, whether it lists a broker yet. A broker registers
 * asynchronously and a client asking for routes before then gets none, so "ready" (the {@code
 * bolide} command, the embedded broker) waits for this.
 */
public final class RegistrationProbe {
    private static final long POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(2);

    private RegistrationProbe() {}

    /** True once {@code nameServer} lists {@code brokerAddress}; false at the deadline. */
    public static boolean await(String nameServer, String brokerAddress, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        try (RemotingClient client = new RemotingClient(RemotingClientConfig.builder().build())) {
            while (!lists(client, nameServer, brokerAddress)) {
                if (System.nanoTime() - deadline > 0) {
                    return false;
                }
                LockSupport.parkNanos(POLL_NANOS);
            }
            return true;
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
