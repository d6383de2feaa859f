package io.bolide.broker.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.auth.ConsoleAccess;
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
import io.netty.handler.codec.http.cookie.Cookie;
import io.netty.handler.codec.http.cookie.ServerCookieDecoder;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One HTTP request in, one response out: {@code /api/...} to the routes (JSON both ways, every
 * refusal a 4xx with {@code {"error": ...}}), any other GET to the app's files (they hold no data:
 * the login form is one of them). With ACL on, every API path but the login's needs a live session
 * whose user is checked again now; a change from another site's page (its {@code Origin} is not
 * this console) is refused. A handler's unexpected failure is a 500 with one log line; the
 * connection and the broker keep serving.
 */
@ChannelHandler.Sharable
final class ConsoleHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleHandler.class);

    private final Routes routes;
    private final Assets assets;
    private final ObjectMapper json;
    private final ConsoleAccess access;
    private final Sessions sessions;

    ConsoleHandler(
            Routes routes,
            Assets assets,
            ObjectMapper json,
            ConsoleAccess access,
            Sessions sessions) {
        this.routes = routes;
        this.assets = assets;
        this.json = json;
        this.access = access;
        this.sessions = sessions;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
        boolean keepAlive = HttpUtil.isKeepAlive(request);
        DecoderResult decoded = request.decoderResult();
        if (!decoded.isSuccess()) {
            send(ctx, error(HttpResponseStatus.BAD_REQUEST, "malformed HTTP request"), false);
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
            String token = token(request);
            Caller caller = caller(ctx, request, segments, token);
            Routes.Match match = routes.match(request.method(), segments);
            byte[] body = ByteBufUtil.getBytes(request.content());
            answer =
                    match.handler()
                            .handle(
                                    new Request(
                                            match.params(),
                                            uri.parameters(),
                                            body,
                                            json,
                                            caller,
                                            token));
        } catch (Exception e) {
            answer = CompletableFuture.failedFuture(e);
        }
        HttpResponseStatus ok =
                request.method().equals(HttpMethod.POST)
                        ? HttpResponseStatus.CREATED
                        : HttpResponseStatus.OK;
        answer.whenComplete(
                (value, failure) ->
                        send(
                                ctx,
                                failure == null ? answer(ok, value) : failed(failure),
                                keepAlive));
    }

    private FullHttpResponse answer(HttpResponseStatus ok, Object value) {
        if (value instanceof Reply withCookie) {
            FullHttpResponse response = reply(HttpResponseStatus.OK, withCookie.body());
            response.headers().set(HttpHeaderNames.SET_COOKIE, withCookie.setCookie());
            return response;
        }
        return reply(ok, value);
    }

    /**
     * Who asks: anyone when ACL is off; else the session's user, re-checked against the users as
     * they are now (401 when there is no live session or the user changed). Changes from a page of
     * another site are refused whether or not ACL is on.
     */
    private Caller caller(
            ChannelHandlerContext ctx,
            FullHttpRequest request,
            List<String> segments,
            String token) {
        InetSocketAddress peer = peer(ctx.channel().remoteAddress());
        if (!request.method().equals(HttpMethod.GET) && !sameOrigin(request)) {
            throw new ApiError(
                    HttpResponseStatus.FORBIDDEN,
                    "cross-site request refused: changes are accepted from this console's own"
                            + " page only");
        }
        boolean open = segments.size() == 2 && LoginApi.OPEN.contains(segments.get(1));
        if (!access.required() || open) {
            return Caller.anyone(peer);
        }
        ConsoleAccess.Login login = sessions.use(token, sessions.now());
        if (login == null) {
            throw new ApiError(HttpResponseStatus.UNAUTHORIZED, Sessions.GONE);
        }
        ConsoleAccess.Login now = access.recheck(login);
        if (now == null) {
            sessions.close(token);
            throw new ApiError(HttpResponseStatus.UNAUTHORIZED, Sessions.CHANGED);
        }
        sessions.update(token, now);
        return Caller.user(now, access, peer);
    }

    /** The browser's host, port 0: one in-process channel per host, as policies see hosts. */
    private static InetSocketAddress peer(SocketAddress remote) {
        if (remote instanceof InetSocketAddress inet && inet.getAddress() != null) {
            return new InetSocketAddress(inet.getAddress(), 0);
        }
        return new InetSocketAddress(java.net.InetAddress.getLoopbackAddress(), 0);
    }

    /**
     * A browser names the page a request comes from in {@code Origin}; curl and scripts send none.
     * A named origin must be this console's own address as the browser reached it.
     */
    private static boolean sameOrigin(FullHttpRequest request) {
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        if (origin == null) {
            return true;
        }
        String host = request.headers().get(HttpHeaderNames.HOST);
        return host != null
                && (origin.equals("http://" + host) || origin.equals("https://" + host));
    }

    private static String token(FullHttpRequest request) {
        String header = request.headers().get(HttpHeaderNames.COOKIE);
        if (header == null) {
            return null;
        }
        for (Cookie cookie : ServerCookieDecoder.STRICT.decode(header)) {
            if (cookie.name().equals(Sessions.COOKIE)) {
                return cookie.value();
            }
        }
        return null;
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
