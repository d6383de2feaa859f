package io.bolide.bench.protocol;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.protocol.header.PullMessageRequestHeader;
import io.netty.buffer.ByteBuf;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;

/** PULL_MESSAGE as the push consumer sends it: no body, long-polling fields set. */
final class PullRequestFixture extends CodecFixture {
    private static final int PULL_MESSAGE = 11;

    private final PullMessageRequestHeader bolideHeader =
            new PullMessageRequestHeader()
                    .consumerGroup("bench_consumer_group")
                    .topic("BenchTopic")
                    .queueId(3)
                    .queueOffset(123_456L)
                    .maxMsgNums(32)
                    .sysFlag(3)
                    .commitOffset(123_400L)
                    .suspendTimeoutMillis(15_000L)
                    .subscription("*")
                    .subVersion(1_763_900_000_000L)
                    .expressionType("TAG")
                    .maxMsgBytes(Integer.MAX_VALUE)
                    .brokerName("broker-a");
    private final org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader
            apacheHeader =
                    new org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader();

    PullRequestFixture(SerializeType type) {
        super(type);
        apacheHeader.setConsumerGroup("bench_consumer_group");
        apacheHeader.setTopic("BenchTopic");
        apacheHeader.setQueueId(3);
        apacheHeader.setQueueOffset(123_456L);
        apacheHeader.setMaxMsgNums(32);
        apacheHeader.setSysFlag(3);
        apacheHeader.setCommitOffset(123_400L);
        apacheHeader.setSuspendTimeoutMillis(15_000L);
        apacheHeader.setSubscription("*");
        apacheHeader.setSubVersion(1_763_900_000_000L);
        apacheHeader.setExpressionType("TAG");
        apacheHeader.setMaxMsgBytes(Integer.MAX_VALUE);
        apacheHeader.setBrokerName("broker-a");
    }

    @Override
    void encodeBolide(ByteBuf out) {
        CommandEncoder.encode(out, bolideType, PULL_MESSAGE, 42, 0, null, bolideHeader, 0);
    }

    @Override
    void encodeApache(ByteBuf out) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                        PULL_MESSAGE, apacheHeader);
        writeApache(command, out);
    }

    @Override
    Object decodeBolide(ByteBuf frame) {
        RemotingCommand command = FrameDecoder.decode(frame.retainedDuplicate());
        try {
            return PullMessageRequestHeader.decode(command.extFields());
        } finally {
            command.release();
        }
    }

    @Override
    Object decodeApache(ByteBuf frame) throws RemotingCommandException {
        return decodeApacheFrame(frame)
                .decodeCommandCustomHeader(
                        org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader
                                .class);
    }
}
