package io.bolide.broker.admin;

import io.bolide.broker.consumer.ClientChannel;
import io.bolide.broker.consumer.ClientRegistry;
import io.bolide.broker.consumer.ClientVersion;
import io.bolide.broker.table.Bodies;
import io.bolide.protocol.body.ProducerInfo;
import io.bolide.protocol.body.ProducerTableInfo;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * GET_ALL_PRODUCER_INFO (328): every producer group with its online clients (id, address, language,
 * version, last heartbeat), what mqadmin {@code producer} and the exporter list.
 */
final class GetAllProducerInfoHandler implements RequestHandler {
    private final ClientRegistry clients;

    GetAllProducerInfoHandler(ClientRegistry clients) {
        this.clients = clients;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        Map<String, List<ProducerInfo>> table = new TreeMap<>();
        for (String group : clients.producerGroupNames()) {
            List<ProducerInfo> members = new ArrayList<>();
            for (ClientChannel member : clients.producerGroup(group)) {
                if (!member.connection.isActive()) {
                    continue;
                }
                ClientVersion version = ClientVersion.of(member.connection);
                members.add(
                        new ProducerInfo(
                                member.clientId,
                                member.connection.remoteAddress(),
                                version.language(),
                                version.version(),
                                member.lastSeenMillis()));
            }
            if (!members.isEmpty()) {
                table.put(group, members);
            }
        }
        exchange.respond(
                ResponseCode.SUCCESS, null, null, Bodies.json(new ProducerTableInfo(table)));
    }
}
