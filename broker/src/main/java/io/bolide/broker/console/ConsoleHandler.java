package io.bolide.broker.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.DecoderResult;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.function.BooleanSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP request in, one response out: {@code /api/...} to the routes (JSON both ways, every
 * refusal a 4xx with {@code {"error": ...}}), any other GET to the app's files. A handler's
 * unexpected failure is a 500 with one log line; the connection and the broker keep serving.
 */
@ChannelHandler.Sharable
final class ConsoleHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleHandler.class);

    private final Routes routes;
    private final Assets assets;
    private final ObjectMapper json;
    private final BooleanSupplier aclOn;

    ConsoleHandler(Routes routes, Assets assets, ObjectMapper json, BooleanSupplier aclOn) {
        this.routes = routes;
        this.assets = assets;
        this.json = json;
        this.aclOn = aclOn;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        DecoderResult decoded = request.decoderResult();
        if (!decoded.isSuccess()) {
            send(ctx, error(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request"), false);
            return;
        }
        if (aclOn.getAsBoolean()) {
            // No login yet (docs/console.md): with ACL on, the console shows nothing to anyone.
            send(
                    ctx,
                    error(
                            HttpResponseStatus.UNAUTHORIZED,
                            "authentication is on: the console's login is not served yet"),
                    keepAlive);
            return;
        }
        QueryStringDecoder uri;
        List<String> segments;
        try {
            uri = new QueryStringDecoder(request.uri());
            segments = segments(uri.rawPath());
        } catch (IllegalArgumentException e) {
            send(ctx, error(HttpResponseStatus.BAD_REQUEST, "malformed request path"), keepAlive);
            return;
        }
        if (!segments.isEmpty() && segments.get(0).equals("api")) {
            api(ctx, request, uri, segments, keepAlive);
        } else {
            send(ctx, asset(request.method(), uri.rawPath()), keepAlive);
        }
    }

    private void api(
            ChannelHandlerContext ctx,
            FullHttpRequest request,
            QueryStringDecoder uri,
            List<String> segments,
            boolean keepAlive) {
        CompletableFuture<Object> answer;
        try {
            Routes.Match match = routes.match(request.method(), segments);
            byte[] body = ByteBufUtil.getBytes(request.content());
            answer =
                    match.handler()
                            .handle(new Request(match.params(), uri.parameters(), body, json));
        } catch (Exception e) {
            answer = CompletableFuture.failedFuture(e);
        }
        HttpResponseStatus ok =
                request.method().equals(HttpMethod.POST)
                        ? HttpResponseStatus.CREATED
                        : HttpResponseStatus.OK;
        answer.whenComplete(
                (value, failure) ->
                        send(ctx, failure == null ? reply(ok, value) : failed(failure), keepAlive));
    }

    private FullHttpResponse failed(Throwable failure) {
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        if (cause instanceof ApiError refused) {
            return error(refused.status(), refused.getMessage());
        }
        LOG.warn("console request failed: {}", cause.toString());
        return error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "internal error: " + cause);
    }

    private FullHttpResponse asset(HttpMethod method, String path) {
        if (!method.equals(HttpMethod.GET) && !method.equals(HttpMethod.HEAD)) {
            return error(HttpResponseStatus.METHOD_NOT_ALLOWED, "only GET serves the pages");
        }
        Assets.Asset asset = assets.get(path);
        if (asset == null) {
            return error(HttpResponseStatus.NOT_FOUND, "no such page or file");
        }
        FullHttpResponse response =
                new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1,
                        HttpResponseStatus.OK,
                        Unpooled.wrappedBuffer(asset.bytes()));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, asset.contentType());
        return response;
    }

    private FullHttpResponse reply(HttpResponseStatus status, Object value) {
        byte[] bytes;
        try {
            bytes = json.writeValueAsBytes(value);
        } catch (Exception e) {
            return error(HttpResponseStatus.INTERNAL_SERVER_ERROR, "answer not serializable");
        }
        FullHttpResponse response =
                new DefaultFullHttpResponse(
                        HttpVersion.HTTP_1_1, status, Unpooled.wrappedBuffer(bytes));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "application/json");
        response.headers().set(HttpHeaderNames.CACHE_CONTROL, "no-store");
        return response;
    }

    private FullHttpResponse error(HttpResponseStatus status, String message) {
        return reply(status, Map.of("error", message, "status", status.code()));
    }

    private static void send(ChannelHandlerContext ctx, FullHttpResponse response, boolean keep) {
        HttpUtil.setContentLength(response, response.content().readableBytes());
        // The page is the app's own: no other site may frame it or guess its types.
        response.headers().set("X-Content-Type-Options", "nosniff");
        response.headers().set("X-Frame-Options", "DENY");
        response.headers()
                .set(
                        "Content-Security-Policy",
                        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:");
        if (keep) {
            HttpUtil.setKeepAlive(response, true);
            ctx.writeAndFlush(response);
        } else {
            ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
        }
    }

    /** The decoded segments of a path; a segment of {@code .} or {@code ..} is refused. */
    static List<String> segments(String rawPath) {
        List<String> segments = new ArrayList<>();
        if (rawPath.equals("/") || rawPath.isEmpty()) {
            return segments;
        }
        for (String raw : rawPath.substring(1).split("/", -1)) {
            String segment = QueryStringDecoder.decodeComponent(raw);
            if (segment.equals(".") || segment.equals("..") || segment.indexOf('\0') >= 0) {
                throw new IllegalArgumentException("bad segment");
            }
            segments.add(segment);
        }
        return segments;
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        LOG.debug(
                "console connection {} closed: {}",
                ctx.channel().remoteAddress(),
                cause.toString());
        ctx.close();
    }
}
