package io.bolide.admin;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.ClientTlsConfig;
import io.bolide.remoting.RemotingClient;
import io.bolide.remoting.RemotingClientConfig;
import io.bolide.remoting.RemotingException;
import io.bolide.remoting.RequestSigner;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;

/**
 * The one remoting client of a command: calls a name server or broker and turns every outcome but
 * success into an {@link AdminException} with the exit code it stands for.
 */
final class AdminClient implements AutoCloseable {
    private final RemotingClient client;
    private final String nameServer;
    private final long timeoutMillis;
    private final RequestSigner signer;

    /** {@code signer} null: requests go unsigned. */
    AdminClient(String nameServer, boolean tls, long timeoutMillis, RequestSigner signer) {
        this.nameServer = nameServer;
        this.timeoutMillis = timeoutMillis;
        this.signer = signer;
        this.client =
                new RemotingClient(
                        RemotingClientConfig.builder()
                                .ioThreads(1)
                                .connectTimeoutMillis((int) Math.min(timeoutMillis, 10_000))
                                .tls(tls ? ClientTlsConfig.TRUST_ANY : ClientTlsConfig.DISABLED)
                                .build());
    }

    String nameServer() {
        return nameServer;
    }

    /** Calls the name server; the body of a successful answer decoded as {@code type}. */
    <T> T nameServer(int code, CommandHeader header, Class<T> type) throws AdminException {
        return decode(call(nameServer, code, header, null), type, nameServer);
    }

    /** Calls {@code address}; the body of a successful answer decoded as {@code type}. */
    <T> T decoded(String address, int code, CommandHeader header, Class<T> type)
            throws AdminException {
        return decode(call(address, code, header, null), type, address);
    }

    /**
     * Calls {@code address}; the body (empty if none) of a {@code SUCCESS} answer. Any other code
     * is a refusal, printed with its name and the server's remark.
     */
    byte[] call(String address, int code, CommandHeader header, byte[] body) throws AdminException {
        Reply reply = exchange(address, code, header, body);
        if (reply.code() != ResponseCode.SUCCESS) {
            throw reply.refusal(address);
        }
        return reply.body();
    }

    /** Calls {@code address}; whatever it answered, for a caller that tells codes apart. */
    Reply exchange(String address, int code, CommandHeader header, byte[] body)
            throws AdminException {
        RemotingCommand response = invoke(address, code, header, body);
        try {
            byte[] bytes = new byte[response.bodyLength()];
            if (bytes.length > 0) {
                response.body().getBytes(response.body().readerIndex(), bytes);
            }
            return new Reply(response.code(), response.remark(), bytes);
        } finally {
            response.release();
        }
    }

    /** A response: its code, remark (or null) and body (empty if none). */
    record Reply(int code, String remark, byte[] body) {
        AdminException refusal(String address) {
            return new AdminException(
                    ExitCode.REFUSED,
                    address
                            + " refused: "
                            + ResponseCode.name(code)
                            + " ("
                            + code
                            + ")"
                            + (remark == null ? "" : ": " + remark));
        }
    }

    private RemotingCommand invoke(String address, int code, CommandHeader header, byte[] body)
            throws AdminException {
        ByteBuf buffer = body == null ? null : Unpooled.wrappedBuffer(body);
        CommandHeader signed = signer == null ? header : signer.sign(header, body);
        try {
            return client.invokeSync(address, code, signed, buffer, timeoutMillis);
        } catch (RemotingException e) {
            throw new AdminException(
                    ExitCode.UNREACHABLE, "cannot reach " + address + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AdminException(ExitCode.UNREACHABLE, "interrupted calling " + address, e);
        }
    }

    /**
     * A list answer: the reference's broker answers an empty list with no body at all (its user and
     * ACL lists do), so an empty body is the empty array.
     */
    static <T> T[] decodeList(byte[] body, Class<T[]> type, String address) throws AdminException {
        if (body.length == 0) {
            return type.cast(java.lang.reflect.Array.newInstance(type.getComponentType(), 0));
        }
        return decode(body, type, address);
    }

    static <T> T decode(byte[] body, Class<T> type, String address) throws AdminException {
        if (body.length == 0) {
            throw new AdminException(ExitCode.REFUSED, address + " answered without a body");
        }
        try {
            return BodyCodec.decode(body, type);
        } catch (RuntimeException e) {
            throw new AdminException(
                    ExitCode.REFUSED, address + " answered a body this command cannot read", e);
        }
    }

    @Override
    public void close() {
        client.close();
    }
}
