package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.protocol.header.RegisterBrokerRequestHeader;
import io.bolide.remoting.RequestSigner;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The broker's own requests, signed with its inner credentials, pass the same check. */
class RequestSignerTest {
    @ParameterizedTest
    @EnumSource(SerializeType.class)
    void shouldSignWhatTheCheckAccepts(SerializeType type) {
        RequestSigner signer = new RequestSigner("broker-inner", "inner-secret");
        RegisterBrokerRequestHeader header =
                new RegisterBrokerRequestHeader()
                        .brokerName("broker-a")
                        .brokerAddr("10.0.0.1:10911")
                        .clusterName("DefaultCluster")
                        .haServerAddr("10.0.0.1:10912")
                        .brokerId(0)
                        .compressed(false)
                        .bodyCrc32(12345);
        byte[] body = "{\"topicConfigSerializeWrapper\":{}}".getBytes(StandardCharsets.UTF_8);
        CommandHeader signed = signer.sign(header, body);
        ByteBuf frame = Unpooled.buffer();
        CommandEncoder.encodeWithBody(
                frame,
                type,
                RequestCode.REGISTER_BROKER,
                7,
                0,
                null,
                signed,
                Unpooled.wrappedBuffer(body));
        RemotingCommand request = FrameDecoder.decode(frame);
        try {
            UserIndex users =
                    new UserIndex(List.of(new User("broker-inner", "inner-secret", true, true)));
            assertThat(SignatureCheck.authenticate(request, users, SigningScratch.get()))
                    .isNotNull();
            UserIndex other = new UserIndex(List.of(new User("broker-inner", "other", true, true)));
            assertThat(SignatureCheck.authenticate(request, other, SigningScratch.get())).isNull();
        } finally {
            request.release();
        }
    }
}
