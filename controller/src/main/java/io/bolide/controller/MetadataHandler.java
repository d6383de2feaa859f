package io.bolide.controller;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetMetaDataResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * CONTROLLER_GET_METADATA_INFO (1005): the controller group, its leader's raft id and remoting
 * address, whether this one leads, and every controller's remoting address. Answered by every
 * controller: it is how brokers and mqadmin find the leader. The layout is 5.5.0's, as a
 * differential test against its controller saw it (interop ControllerDifferentialTest): every
 * address followed by ';' (the last one too), and no leader address while there is no leader.
 */
final class MetadataHandler implements RequestHandler {
    private final ControllerConfig config;
    private final Replication replication;

    MetadataHandler(ControllerConfig config, Replication replication) {
        this.config = config;
        this.replication = replication;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        String leader = replication.leaderId();
        int index = leader.isEmpty() ? -1 : config.peers().indexOf(leader);
        StringBuilder peers = new StringBuilder();
        for (String address : config.rpcAddresses()) {
            peers.append(address).append(';');
        }
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new GetMetaDataResponseHeader()
                        .group(config.groupId())
                        .controllerLeaderId(leader)
                        .controllerLeaderAddress(
                                index < 0 ? null : config.rpcAddresses().get(index))
                        .isLeader(replication.isLeader())
                        .peers(peers.toString()),
                null);
    }
}
