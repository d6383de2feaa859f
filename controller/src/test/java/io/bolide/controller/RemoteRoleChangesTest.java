package io.bolide.controller;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.netty.NettyRemotingServer;
import org.apache.rocketmq.remoting.netty.NettyRequestProcessor;
import org.apache.rocketmq.remoting.netty.NettyServerConfig;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.body.SyncStateSet;
import org.apache.rocketmq.remoting.protocol.header.NotifyBrokerRoleChangedRequestHeader;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The controller's push of an election's outcome (#37) as a broker receives it: Apache RocketMQ
 * 5.5.0's own remoting server stands for the broker and decodes NOTIFY_BROKER_ROLE_CHANGED (1008)
 * with its own header and body classes, as 5.5.0's controller sends it: oneway, the new master's
 * address, id and epoch in the header, the SyncStateSet with its epoch as the body.
 */
class RemoteRoleChangesTest {
    private final BlockingQueue<RemotingCommand> received = new LinkedBlockingQueue<>();
    private final NettyRemotingServer broker = apacheBroker();

    private NettyRemotingServer apacheBroker() {
        NettyServerConfig config = new NettyServerConfig();
        config.setListenPort(0);
        NettyRemotingServer server = new NettyRemotingServer(config);
        server.registerProcessor(
                RequestCode.NOTIFY_BROKER_ROLE_CHANGED,
                new NettyRequestProcessor() {
                    @Override
                    public RemotingCommand processRequest(
                            io.netty.channel.ChannelHandlerContext ctx, RemotingCommand request) {
                        received.add(request);
                        return null;
                    }

                    @Override
                    public boolean rejectRequest() {
                        return false;
                    }
                },
                Executors.newSingleThreadExecutor());
        server.start();
        return server;
    }

    @AfterEach
    void stop() {
        broker.shutdown();
    }

    @Test
    void shouldTellTheBrokerItsGroupsNewTermAsTheReferencesControllerDoes() throws Exception {
        try (RemoteRoleChanges changes = new RemoteRoleChanges()) {
            changes.tell(
                    "127.0.0.1:" + broker.localListenPort(),
                    new RoleChanges.Change("broker-a", 2, "10.0.0.2:10911", 3, Set.of(2L), 7));

            RemotingCommand request = received.poll(15, TimeUnit.SECONDS);

            assertThat(request).as("1008 received").isNotNull();
            assertThat(request.isOnewayRPC()).isTrue();
            NotifyBrokerRoleChangedRequestHeader header =
                    request.decodeCommandCustomHeader(NotifyBrokerRoleChangedRequestHeader.class);
            assertThat(header.getMasterAddress()).isEqualTo("10.0.0.2:10911");
            assertThat(header.getMasterBrokerId()).isEqualTo(2L);
            assertThat(header.getMasterEpoch()).isEqualTo(3);
            assertThat(header.getSyncStateSetEpoch()).isEqualTo(7);
            SyncStateSet body = RemotingSerializable.decode(request.getBody(), SyncStateSet.class);
            assertThat(body.getSyncStateSet()).containsExactly(2L);
            assertThat(body.getSyncStateSetEpoch()).isEqualTo(7);
        }
    }
}
