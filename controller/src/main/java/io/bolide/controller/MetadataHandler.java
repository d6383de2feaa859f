package io.bolide.controller;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.GetMetaDataResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * CONTROLLER_GET_METADATA_INFO (1005): the controller group, its leader's raft id and remoting
 * address, whether this one leads, and every controller's remoting address. Answered by every
 * controller: it is how brokers and mqadmin find the leader.
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
        exchange.respond(
                ResponseCode.SUCCESS,
                null,
                new GetMetaDataResponseHeader()
                        .group(config.groupId())
                        .controllerLeaderId(leader)
                        .controllerLeaderAddress(index < 0 ? "" : config.rpcAddresses().get(index))
                        .isLeader(replication.isLeader())
                        .peers(String.join(";", config.rpcAddresses())),
                null);
    }
}
