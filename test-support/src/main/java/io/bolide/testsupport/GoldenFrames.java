package io.bolide.testsupport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;

/**
 * Reference wire bytes: what the official 5.4.0 client or server puts on the wire for a command, in
 * either serialization. Tests feed these to Bolide's decoder or pipeline, or compare Bolide's
 * output with them. Needs {@code rocketmq-remoting} on the test class path.
 *
 * <p>The opaque is always set by the caller: Apache draws it from a process-wide counter, which
 * would make the bytes depend on test order.
 */
public final class GoldenFrames {
    private GoldenFrames() {}

    /** A request as the official client builds it; {@code header} and {@code body} may be null. */
    public static RemotingCommand request(
            int code, int opaque, CommandCustomHeader header, byte[] body) {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, header);
        request.setOpaque(opaque);
        request.setBody(body);
        return request;
    }

    /** A response as the official server builds it, answering request {@code opaque}. */
    public static RemotingCommand response(int code, int opaque, String remark, byte[] body) {
        RemotingCommand response = RemotingCommand.createResponseCommand(code, remark);
        response.setOpaque(opaque);
        response.setBody(body);
        return response;
    }

    /**
     * The whole frame (length field included) of {@code command} in serialization {@code type}.
     * Sets the command's serialization for this call, as the official client's RPC hook does.
     */
    public static byte[] bytes(RemotingCommand command, SerializeType type) {
        command.setSerializeTypeCurrentRPC(type);
        ByteBuffer nio = command.encode();
        byte[] frame = new byte[nio.remaining()];
        nio.get(frame);
        return frame;
    }

    /** {@link #bytes} with JSON headers, the official components' default. */
    public static byte[] json(RemotingCommand command) {
        return bytes(command, SerializeType.JSON);
    }

    /** {@link #bytes} with binary ROCKETMQ headers. */
    public static byte[] rocketmq(RemotingCommand command) {
        return bytes(command, SerializeType.ROCKETMQ);
    }

    /** {@link #bytes} in an unpooled buffer the caller owns (nothing to leak if dropped). */
    public static ByteBuf buffer(RemotingCommand command, SerializeType type) {
        return Unpooled.wrappedBuffer(bytes(command, type));
    }
}
