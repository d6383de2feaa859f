package io.bolide.broker.console;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.LocalCalls;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The console's changes, sent in-process to the broker's own request handlers (see the package
 * comment for why). A handler's refusal becomes a 400 carrying its remark; a success is turned into
 * the API's answer by the caller's function, which reads the response before it is released.
 */
final class Changes {
    private final LocalCalls calls;

    Changes(LocalCalls calls) {
        this.calls = calls;
    }

    /**
     * Sends one request as {@code caller} (signed as its user, from its host, so the remoting gate
     * authenticates and authorizes it as any client's); {@code answer} reads a successful response
     * into the API's reply.
     */
    CompletableFuture<Object> call(
            Caller caller,
            int code,
            CommandHeader header,
            ByteBuf body,
            Function<RemotingCommand, Object> answer) {
        return call(caller, code, header, body, Set.of(), answer);
    }

    /**
     * As above, with response codes besides SUCCESS that {@code answer} reads too (a reset that
     * finds no consumer online has still stored the offsets).
     */
    CompletableFuture<Object> call(
            Caller caller,
            int code,
            CommandHeader header,
            ByteBuf body,
            Set<Integer> alsoAnswered,
            Function<RemotingCommand, Object> answer) {
        CommandHeader signed =
                caller.sign(header, body == null ? null : ByteBufUtil.getBytes(body));
        return calls.call(caller.peer(), code, signed, body)
                .thenApply(
                        response -> {
                            try {
                                if (response.code() != ResponseCode.SUCCESS
                                        && !alsoAnswered.contains(response.code())) {
                                    throw refusal(response);
                                }
                                return answer.apply(response);
                            } finally {
                                response.release();
                            }
                        });
    }

    /**
     * A handler's refusal: 403 with advice when it is about permissions, else 400 with its remark
     * (the user and ACL handlers answer NO_PERMISSION for plain mistakes too, as the reference's
     * do: "The user is existed" is the person's to fix, not a policy's).
     */
    static ApiError refusal(RemotingCommand response) {
        String remark =
                response.remark() == null
                        ? "refused with code " + response.code()
                        : response.remark();
        if (response.code() == ResponseCode.NO_PERMISSION && aboutPermission(remark)) {
            return new ApiError(HttpResponseStatus.FORBIDDEN, remark + Caller.hint());
        }
        return new ApiError(HttpResponseStatus.BAD_REQUEST, remark);
    }

    private static boolean aboutPermission(String remark) {
        String text = remark.toLowerCase(java.util.Locale.ROOT);
        return text.contains("permission")
                || text.contains("authorization")
                || text.contains("super user")
                || text.contains("disabled")
                || text.contains("signature")
                || text.contains("not found");
    }
}
