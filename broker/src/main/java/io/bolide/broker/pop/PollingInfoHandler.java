package io.bolide.broker.pop;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PollingInfoRequestHeader;
import io.bolide.protocol.header.PollingInfoResponseHeader;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;

/**
 * POLLING_INFO (200055): how many POP_MESSAGE requests of the group wait in the hold on the topic
 * and queue id as they were asked (-1 for "any queue", which the push consumer in POP mode sends).
 * Held notifications are not counted, as the reference keeps them in a table of their own.
 */
final class PollingInfoHandler implements RequestHandler {
    private final PollChecks checks;
    private final PopHold hold;

    PollingInfoHandler(PollChecks checks, PopHold hold) {
        this.checks = checks;
        this.hold = hold;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        PollingInfoRequestHeader header = PollingInfoRequestHeader.decode(request.extFields());
        String group = header.consumerGroup();
        if (!checks.admit(group, header.topic(), header.queueId(), exchange)) {
            return;
        }
        int held = hold.polling(group, header.topic(), header.queueId());
        exchange.respond(
                ResponseCode.SUCCESS, null, new PollingInfoResponseHeader().pollingNum(held), null);
    }
}
