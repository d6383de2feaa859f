package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * A server that must know its port before it can register its handlers (a broker advertises the
 * port it bound) binds first and accepts later: a client that connects in between waits rather than
 * being answered "request code not supported" by a server that is still being assembled.
 */
class BindThenAcceptTest {

    @Test
    void shouldServeARequestSentBeforeItsHandlerWasRegisteredOnceAccepting() throws Exception {
        RemotingServer server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        server.bind();
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(10_000);
            // The kernel completed the handshake and holds the request: nothing has read it yet.
            OutputStream out = socket.getOutputStream();
            out.write(HostileInputTest.validFrame(SerializeType.JSON, Echo.CODE, 7, "early"));
            out.flush();
            assertThat(server.connections()).isEmpty();

            server.registerHandler(Echo.CODE, Echo.HANDLER);
            server.accept();

            RemotingCommand response = readOne(new DataInputStream(socket.getInputStream()));
            try {
                assertThat(response.code()).isZero();
                assertThat(response.opaque()).isEqualTo(7);
                assertThat(Echo.text(response)).isEqualTo("early");
            } finally {
                response.release();
            }
        } finally {
            server.shutdown(Duration.ofSeconds(5));
        }
    }

    @Test
    void shouldRefuseToAcceptBeforeBinding() {
        RemotingServer server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        assertThatThrownBy(server::accept)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not bound");
    }

    private static RemotingCommand readOne(DataInputStream in) throws Exception {
        int length = in.readInt();
        byte[] frame = new byte[4 + length];
        ByteBuffer.wrap(frame).putInt(length);
        in.readFully(frame, 4, length);
        return FrameDecoder.decode(Unpooled.wrappedBuffer(frame));
    }
}
