package io.bolide.bench.protocol;

import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.protocol.header.SendMessageRequestHeader;
import io.netty.buffer.ByteBuf;
import org.apache.rocketmq.remoting.exception.RemotingCommandException;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;

/** SEND_MESSAGE_V2 with a 1 KiB body, as the official producer sends it. */
final class SendRequestFixture extends CodecFixture {
    private static final int SEND_MESSAGE_V2 = 310;
    private static final String PROPERTIES =
            "UNIQ_KEY\u00017F000001A9F418B4AAC27A1B9F2E0000\u0002WAIT\u0001true\u0002TAGS\u0001TagA\u0002";

    private final SendMessageRequestHeader bolideHeader =
            new SendMessageRequestHeader()
                    .shortKeys(true)
                    .producerGroup("bench_producer_group")
                    .topic("BenchTopic")
                    .defaultTopic("TBW102")
                    .defaultTopicQueueNums(4)
                    .queueId(3)
                    .sysFlag(0)
                    .bornTimestamp(1_763_900_000_000L)
                    .flag(0)
                    .properties(PROPERTIES)
                    .reconsumeTimes(0)
                    .unitMode(false)
                    .batch(false)
                    .brokerName("broker-a");
    private final SendMessageRequestHeaderV2 apacheHeader = new SendMessageRequestHeaderV2();

    SendRequestFixture(SerializeType type) {
        super(type);
        apacheHeader.setA("bench_producer_group");
        apacheHeader.setB("BenchTopic");
        apacheHeader.setC("TBW102");
        apacheHeader.setD(4);
        apacheHeader.setE(3);
        apacheHeader.setF(0);
        apacheHeader.setG(1_763_900_000_000L);
        apacheHeader.setH(0);
        apacheHeader.setI(PROPERTIES);
        apacheHeader.setJ(0);
        apacheHeader.setK(false);
        apacheHeader.setM(false);
        apacheHeader.setBrokerName("broker-a");
    }

    @Override
    void encodeBolide(ByteBuf out) {
        CommandEncoder.encodeWithBody(
                out, bolideType, SEND_MESSAGE_V2, 42, 0, null, bolideHeader, body);
    }

    @Override
    void encodeApache(ByteBuf out) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                        SEND_MESSAGE_V2, apacheHeader);
        command.setBody(bodyBytes);
        writeApache(command, out);
    }

    @Override
    Object decodeBolide(ByteBuf frame) {
        RemotingCommand command = FrameDecoder.decode(frame.retainedDuplicate());
        try {
            return SendMessageRequestHeader.decode(command.extFields());
        } finally {
            command.release();
        }
    }

    @Override
    Object decodeApache(ByteBuf frame) throws RemotingCommandException {
        // What Apache's SendMessageProcessor does: decode V2, then copy it into a V1 header.
        return org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader
                .parseRequestHeader(decodeApacheFrame(frame));
    }
}
