package io.bolide.broker.auth;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;

/**
 * One user or ACL management request, copied off its frame so that it can be served on the auth
 * thread (a change is written to disk before it is answered, which must not stall an I/O thread).
 */
record AdminCall(Map<String, String> fields, byte[] body, Exchange exchange) {
    private static final String BUSY = "[OVERLOAD]system busy, start flow control for a while";

    /** The work behind one management code. */
    @FunctionalInterface
    interface Work {
        void serve(AdminCall call);
    }

    /** A handler that copies the request and runs {@code work} on {@code executor}. */
    static RequestHandler offThread(Executor executor, Work work) {
        return (request, exchange) -> {
            AdminCall call = copy(request, exchange);
            try {
                executor.execute(() -> run(work, call));
            } catch (RejectedExecutionException e) {
                exchange.respond(ResponseCode.SYSTEM_BUSY, BUSY);
            }
        };
    }

    private static AdminCall copy(RemotingCommand request, Exchange exchange) {
        byte[] body = request.bodyLength() == 0 ? null : ByteBufUtil.getBytes(request.body());
        return new AdminCall(request.extFieldMap(), body, exchange);
    }

    private static void run(Work work, AdminCall call) {
        try {
            work.serve(call);
        } catch (AuthException e) {
            call.respond(ResponseCode.NO_PERMISSION, e.getMessage());
        } catch (RuntimeException e) {
            call.respond(ResponseCode.SYSTEM_ERROR, String.valueOf(e.getMessage()));
        }
    }

    String field(String key) {
        return fields.get(key);
    }

    /** The body as {@code type}, or null when there is none. */
    <T> T body(Class<T> type) {
        return body == null ? null : BodyCodec.decode(body, type);
    }

    void respond(int code, String remark) {
        exchange.respond(code, remark);
    }

    void ok() {
        exchange.respond(ResponseCode.SUCCESS, null);
    }

    /** Success with {@code document} as the JSON body (none when null). */
    void ok(Object document) {
        if (document == null) {
            ok();
            return;
        }
        byte[] json = BodyCodec.encode(document);
        exchange.respond(ResponseCode.SUCCESS, null, null, Unpooled.wrappedBuffer(json));
    }

    /** The request's AccessKey, or null. */
    String accessKey() {
        return fields.get("AccessKey");
    }

    static boolean blank(String text) {
        return text == null || text.isBlank();
    }
}
