package io.bolide.protocol.message;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;

/**
 * The broker-side message id ("offsetMsgId"): store host address (4 or 16 bytes), store port
 * (int32) and commit-log offset (int64), rendered as upper-case hex, 32 or 56 chars. It is how
 * VIEW_MESSAGE_BY_ID finds a message, so it must round-trip exactly.
 */
public final class OffsetMessageId {
    /** Length of an id with an IPv4 store host. */
    public static final int V4_LENGTH = 32;

    /** Length of an id with an IPv6 store host. */
    public static final int V6_LENGTH = 56;

    private final byte[] address;
    private final int port;
    private final long offset;

    private OffsetMessageId(byte[] address, int port, long offset) {
        this.address = address;
        this.port = port;
        this.offset = offset;
    }

    /** Id length in chars for a store address of {@code addressLength} bytes. */
    public static int length(int addressLength) {
        return 2 * (addressLength + 4 + 8);
    }

    /** Writes the id into {@code dst} at {@code at}; returns the index after it. */
    public static int write(byte[] address, int port, long offset, char[] dst, int at) {
        HostAddress.checked(address);
        at = Hex.write(address, 0, address.length, dst, at);
        at = Hex.write(port, 4, dst, at);
        return Hex.write(offset, 8, dst, at);
    }

    /** The id of a store host and commit-log offset. */
    public static String toString(byte[] address, int port, long offset) {
        char[] id = new char[length(address.length)];
        write(address, port, offset, id, 0);
        return new String(id);
    }

    /** The id of the wrapped record, from its STOREHOST and PHYSICALOFFSET fields. */
    public static String of(StoredMessageFlyweight message) {
        int addressLength = message.storeAddressLength();
        char[] id = new char[length(addressLength)];
        ByteBuf buf = message.buffer();
        int at = Hex.write(buf, message.storeHostIndex(), addressLength + 4, id, 0);
        Hex.write(message.physicalOffset(), 8, id, at);
        return new String(id);
    }

    /**
     * Parses an id (either hex case).
     *
     * @throws ProtocolDecodeException if it is not 32 or 56 hex digits
     */
    public static OffsetMessageId parse(CharSequence id) {
        int addressLength;
        if (id.length() == V4_LENGTH) {
            addressLength = HostAddress.V4_LENGTH;
        } else if (id.length() == V6_LENGTH) {
            addressLength = HostAddress.V6_LENGTH;
        } else {
            throw new ProtocolDecodeException("offset message id must be 32 or 56 hex digits");
        }
        try {
            byte[] address = new byte[addressLength];
            for (int i = 0; i < addressLength; i++) {
                address[i] = (byte) Hex.parse(id, 2 * i, 1);
            }
            int port = (int) Hex.parse(id, 2 * addressLength, 4);
            long offset = Hex.parse(id, 2 * addressLength + 8, 8);
            return new OffsetMessageId(address, port, offset);
        } catch (IllegalArgumentException e) {
            throw new ProtocolDecodeException("bad offset message id: " + e.getMessage(), e);
        }
    }

    /** A copy of the store host address (4 or 16 bytes). */
    public byte[] address() {
        return address.clone();
    }

    /** The store port. */
    public int port() {
        return port;
    }

    /** The commit-log offset. */
    public long offset() {
        return offset;
    }

    /** The store host as a socket address (no name lookup). */
    public InetSocketAddress socketAddress() {
        try {
            return new InetSocketAddress(InetAddress.getByAddress(address), port);
        } catch (UnknownHostException | IllegalArgumentException e) {
            throw new ProtocolDecodeException("bad store host in offset message id", e);
        }
    }

    @Override
    public String toString() {
        return toString(address, port, offset);
    }
}
