package io.bolide.broker.pull;

import io.bolide.broker.table.LogicPlacement;
import io.bolide.broker.table.PeerBrokers;
import io.bolide.protocol.body.LogicQueueMappingItem;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.PullMessageRequestHeader;
import io.bolide.protocol.header.PullMessageResponseHeader;
import io.bolide.remoting.Exchange;
import io.netty.buffer.ByteBuf;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A pull of a static topic's logic queue (#38), served from the stretch its offset falls in: the
 * answer's offsets turned from the stretch's physical ones into logic ones ({@code offsetDelta}
 * tells the client the shift of each record's queue offset), and a pull at the end of a closed
 * stretch sent on to the start of the next. A stretch on another broker is read there.
 *
 * @param stretch the stretch read
 * @param following the logic offset the next stretch starts at, or -1 for the leader
 */
record LogicRead(LogicQueueMappingItem stretch, long following) {

    static LogicRead of(LogicPlacement placed, long logicOffset) {
        LogicQueueMappingItem stretch = placed.stretchFor(logicOffset);
        return new LogicRead(stretch, placed.followingStart(stretch));
    }

    /** Whether a pull finding nothing may wait for new records (only the leader gets them). */
    boolean mayHold() {
        return following < 0;
    }

    /** Whether a pull of physical {@code offset} that found nothing is past this stretch's end. */
    boolean exhausted(int code, long offset, long max) {
        return code != ResponseCode.SUCCESS && following >= 0 && offset >= max;
    }

    /** The answer code: a pull past a closed stretch's end is told to go on at once. */
    int code(int code, long offset, long max) {
        return exhausted(code, offset, max) ? ResponseCode.PULL_NOT_FOUND : code;
    }

    /** The answer header in logic offsets, from the stretch's physical ones. */
    PullMessageResponseHeader header(
            int code, long offset, long next, long min, long max, long suggest) {
        return new PullMessageResponseHeader()
                .suggestWhichBrokerId(suggest)
                .nextBeginOffset(exhausted(code, offset, max) ? following : stretch.logic(next))
                .minOffset(stretch.logic(min))
                .maxOffset(stretch.logic(max))
                .offsetDelta(stretch.delta());
    }

    /** Reads the stretch on the broker holding it and answers {@code exchange} in logic terms. */
    void forward(
            PeerBrokers peers,
            RemotingCommand request,
            PullMessageRequestHeader header,
            Exchange exchange) {
        long offset = stretch.physical(header.queueOffset());
        Map<String, String> fields = new LinkedHashMap<>(request.extFieldMap());
        fields.put("queueId", Integer.toString(stretch.queueId()));
        fields.put("queueOffset", Long.toString(offset));
        int keep = ~(PullMessageHandler.FLAG_COMMIT_OFFSET | PullMessageHandler.FLAG_SUSPEND);
        fields.put("sysFlag", Integer.toString(header.sysFlag() & keep));
        fields.put("commitOffset", "0");
        fields.put("suspendTimeoutMillis", "0");
        fields.put("bname", stretch.bname());
        peers.call(header.topic(), stretch.bname(), RequestCode.PULL_MESSAGE, fields)
                .whenComplete(
                        (answer, failure) -> {
                            if (failure != null) {
                                exchange.respond(
                                        ResponseCode.SYSTEM_ERROR,
                                        "cannot read logic queue "
                                                + header.queueId()
                                                + " of "
                                                + header.topic()
                                                + " from broker "
                                                + stretch.bname()
                                                + ": "
                                                + failure.getMessage());
                                return;
                            }
                            relay(answer, offset, exchange);
                        });
    }

    private void relay(RemotingCommand answer, long offset, Exchange exchange) {
        try {
            long max = PeerBrokers.field(answer, "maxOffset", offset);
            long min = PeerBrokers.field(answer, "minOffset", 0);
            long next = PeerBrokers.field(answer, "nextBeginOffset", offset);
            ByteBuf body =
                    answer.code() == ResponseCode.SUCCESS && answer.bodyLength() > 0
                            ? answer.body().retain()
                            : null;
            exchange.respond(
                    code(answer.code(), offset, max),
                    answer.remark(),
                    header(answer.code(), offset, next, min, max, 0),
                    body);
        } finally {
            answer.release();
        }
    }
}
