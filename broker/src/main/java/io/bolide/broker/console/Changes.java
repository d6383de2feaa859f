package io.bolide.broker.console;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.LocalCalls;
import io.netty.buffer.ByteBuf;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The console's changes, sent in-process to the broker's own request handlers (see the package
 * comment for why). A handler's refusal becomes a 400 carrying its remark; a success is turned into
 * the API's answer by the caller's function, which reads the response before it is released.
 */
final class Changes {
    /** The peer the handlers see: the console itself, on loopback. */
    private static final InetSocketAddress PEER =
            new InetSocketAddress(InetAddress.getLoopbackAddress(), 0);

    private final LocalCalls calls;

    Changes(LocalCalls calls) {
        this.calls = calls;
    }

    /** Sends one request; {@code answer} reads a successful response into the API's reply. */
    CompletableFuture<Object> call(
            int code,
            CommandHeader header,
            ByteBuf body,
            Function<RemotingCommand, Object> answer) {
        return calls.call(PEER, code, header, body)
                .thenApply(
                        response -> {
                            try {
                                if (response.code() != ResponseCode.SUCCESS) {
                                    throw new ApiError(
                                            status(response.code()),
                                            response.remark() == null
                                                    ? "refused with code " + response.code()
                                                    : response.remark());
                                }
                                return answer.apply(response);
                            } finally {
                                response.release();
                            }
                        });
    }

    private static HttpResponseStatus status(int code) {
        return code == ResponseCode.NO_PERMISSION
                ? HttpResponseStatus.FORBIDDEN
                : HttpResponseStatus.BAD_REQUEST;
    }
}
