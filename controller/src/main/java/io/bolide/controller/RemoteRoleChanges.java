package io.bolide.controller;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.SyncStateSet;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.NotifyBrokerRoleChangedRequestHeader;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.RemotingException;
import io.netty.buffer.Unpooled;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link RoleChanges} over remoting: a oneway NOTIFY_BROKER_ROLE_CHANGED (1008) to the broker's
 * remoting address, as the reference's controller sends it. Sent from a thread of its own, since a
 * connect to a broker that is down can take the whole timeout; a lost notice costs only time, the
 * broker's poll still finds the new master.
 */
final class RemoteRoleChanges implements RoleChanges, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteRoleChanges.class);
    private static final long TIMEOUT_MS = 3000;

    private final RemotingClient client =
            new RemotingClient(RemotingClientConfig.builder().ioThreads(1).build());
    private final ExecutorService sender =
            Executors.newSingleThreadExecutor(
                    r -> {
                        Thread t = new Thread(r, "bolide-controller-notify");
                        t.setDaemon(true);
                        return t;
                    });

    /**
     * A sender for {@code core}'s elections, in use when {@code notify} (notifyBrokerRoleChanged).
     */
    static RemoteRoleChanges told(ControllerCore core, boolean notify) {
        RemoteRoleChanges sender = new RemoteRoleChanges();
        core.roleChanges(notify ? sender : RoleChanges.NONE);
        return sender;
    }

    @Override
    public void tell(String brokerAddress, Change change) {
        try {
            sender.execute(() -> send(brokerAddress, change));
        } catch (RejectedExecutionException closing) {
            LOG.debug("controller closing: role change for {} not sent", brokerAddress);
        }
    }

    private void send(String brokerAddress, Change change) {
        NotifyBrokerRoleChangedRequestHeader header =
                new NotifyBrokerRoleChangedRequestHeader()
                        .masterAddress(change.masterAddress())
                        .masterEpoch(change.masterEpoch())
                        .syncStateSetEpoch(change.syncStateSetEpoch())
                        .masterBrokerId(change.masterId());
        byte[] body =
                BodyCodec.encode(
                        new SyncStateSet(change.syncStateSet(), change.syncStateSetEpoch()));
        try {
            client.invokeOneway(
                    brokerAddress,
                    RequestCode.NOTIFY_BROKER_ROLE_CHANGED,
                    header,
                    Unpooled.wrappedBuffer(body),
                    TIMEOUT_MS);
            LOG.info(
                    "told {} of {}: master {} ({}) in epoch {}",
                    brokerAddress,
                    change.brokerName(),
                    change.masterId(),
                    change.masterAddress(),
                    change.masterEpoch());
        } catch (RemotingException e) {
            LOG.warn("cannot tell {} its role changed: {}", brokerAddress, e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        sender.shutdownNow();
        client.close();
    }
}
