package io.bolide.broker.consumer;

import io.bolide.broker.table.ConsumerOffsetTable;
import io.bolide.broker.table.LogicOffsets;
import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.QueueMappings;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.UpdateConsumerOffsetRequestHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/** UPDATE_CONSUMER_OFFSET (15): stores a group's next offset on a queue (usually oneway). */
final class UpdateConsumerOffsetHandler implements RequestHandler {
    private final ConsumerOffsetTable offsets;
    private final QueueMappings mappings;

    UpdateConsumerOffsetHandler(ConsumerOffsetTable offsets, QueueMappings mappings) {
        this.offsets = offsets;
        this.mappings = mappings;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        UpdateConsumerOffsetRequestHeader header =
                UpdateConsumerOffsetRequestHeader.decode(request.extFields());
        LogicPlacement placed =
                LogicPlacement.of(mappings, header.topic(), header.queueId(), request);
        if (placed.refusal() != null) {
            exchange.respond(ResponseCode.NOT_LEADER_FOR_QUEUE, placed.refusal());
            return;
        }
        if (placed.isLogic()) {
            // Static topics (#38): stored under the stretch the logic offset falls in.
            LogicOffsets.commit(
                            mappings,
                            offsets,
                            placed,
                            header.consumerGroup(),
                            header.topic(),
                            header.commitOffset())
                    .whenComplete(
                            (stored, failure) ->
                                    exchange.respond(
                                            failure == null && stored
                                                    ? ResponseCode.SUCCESS
                                                    : ResponseCode.SYSTEM_ERROR,
                                            failure == null ? null : failure.getMessage()));
            return;
        }
        offsets.commit(
                header.consumerGroup(), header.topic(), placed.physicalId(), header.commitOffset());
        exchange.respond(ResponseCode.SUCCESS, null);
    }
}
