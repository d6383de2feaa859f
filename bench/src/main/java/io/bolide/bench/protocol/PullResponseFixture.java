package io.bolide.bench.protocol;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.protocol.header.PullMessageResponseHeader;
import io.netty.buffer.ByteBuf;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;

/** FOUND answer to a pull, carrying 1 KiB of stored message bytes as its body. */
final class PullResponseFixture extends CodecFixture {
    private static final int RESPONSE_FLAG = 1;

    private final PullMessageResponseHeader bolideHeader =
            new PullMessageResponseHeader()
                    .suggestWhichBrokerId(0L)
                    .nextBeginOffset(123_457L)
                    .minOffset(0L)
                    .maxOffset(200_000L)
                    .topicSysFlag(0)
                    .groupSysFlag(0);

    PullResponseFixture(SerializeType type) {
        super(type);
    }

    @Override
    void encodeBolide(ByteBuf out) {
        CommandEncoder.encodeWithBody(
                out, bolideType, 0, 42, RESPONSE_FLAG, null, bolideHeader, body);
    }

    @Override
    void encodeApache(ByteBuf out) {
        // As Apache's PullMessageProcessor: the header class is instantiated by the command.
        org.apache.rocketmq.remoting.protocol.RemotingCommand response =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createResponseCommand(
                        org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader
                                .class);
        org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader header =
                (org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader)
                        response.readCustomHeader();
        header.setSuggestWhichBrokerId(0L);
        header.setNextBeginOffset(123_457L);
        header.setMinOffset(0L);
        header.setMaxOffset(200_000L);
        header.setTopicSysFlag(0);
        header.setGroupSysFlag(0);
        response.setCode(0);
        response.setOpaque(42);
        response.setBody(bodyBytes);
        writeApache(response, out);
    }

    @Override
    Object decodeBolide(ByteBuf frame) {
        RemotingCommand command = FrameDecoder.decode(frame.retainedDuplicate());
        try {
            return PullMessageResponseHeader.decode(command.extFields());
        } finally {
            command.release();
        }
    }

    @Override
    Object decodeApache(ByteBuf frame) throws RemotingCommandException {
        return decodeApacheFrame(frame)
                .decodeCommandCustomHeader(
                        org.apache.rocketmq.remoting.protocol.header.PullMessageResponseHeader
                                .class);
    }
}
