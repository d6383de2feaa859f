package io.bolide.bench.protocol;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.protocol.header.SendMessageResponseHeader;
import io.netty.buffer.ByteBuf;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;

/** The broker's answer to a send: no body, the offset message id and queue position. */
final class SendResponseFixture extends CodecFixture {
    private static final int RESPONSE_FLAG = 1;
    private static final String MSG_ID = "7F00000100002A9F00000000000A2C10";
    private static final String UNIQ_ID = "7F000001A9F418B4AAC27A1B9F2E0000";

    private final SendMessageResponseHeader bolideHeader =
            new SendMessageResponseHeader()
                    .msgId(MSG_ID)
                    .queueId(3)
                    .queueOffset(123_456L)
                    .transactionId(UNIQ_ID)
                    .msgRegion("DefaultRegion")
                    .traceOn("true");

    SendResponseFixture(SerializeType type) {
        super(type);
    }

    @Override
    void encodeBolide(ByteBuf out) {
        CommandEncoder.encode(out, bolideType, 0, 42, RESPONSE_FLAG, null, bolideHeader, 0);
    }

    @Override
    void encodeApache(ByteBuf out) {
        // As Apache's SendMessageProcessor: the header class is instantiated by the command.
        org.apache.rocketmq.remoting.protocol.RemotingCommand response =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(
                        org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader
                                .class);
        org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader header =
                (org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader)
                        response.readCustomHeader();
        header.setMsgId(MSG_ID);
        header.setQueueId(3);
        header.setQueueOffset(123_456L);
        header.setTransactionId(UNIQ_ID);
        response.addExtField("MSG_REGION", "DefaultRegion");
        response.addExtField("TRACE_ON", "true");
        response.setCode(0);
        response.setOpaque(42);
        writeApache(response, out);
    }

    @Override
    Object decodeBolide(ByteBuf frame) {
        RemotingCommand command = FrameDecoder.decode(frame.retainedDuplicate());
        try {
            return SendMessageResponseHeader.decode(command.extFields());
        } finally {
            command.release();
        }
    }

    @Override
    Object decodeApache(ByteBuf frame) throws RemotingCommandException {
        return decodeApacheFrame(frame)
                .decodeCommandCustomHeader(
                        org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader
                                .class);
    }
}
