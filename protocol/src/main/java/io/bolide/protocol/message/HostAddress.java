package io.bolide.protocol.message;

/** Address lengths a host field can hold. */
final class HostAddress {
    /** IPv4 address length. */
    static final int V4_LENGTH = 4;

    /** IPv6 address length. */
    static final int V6_LENGTH = 16;

    /** 0.0.0.0, the default host of a fresh encoder. */
    static final byte[] ANY_V4 = new byte[V4_LENGTH];

    private HostAddress() {}

    /** {@code address} if it is 4 or 16 bytes long. */
    static byte[] checked(byte[] address) {
        if (address.length != V4_LENGTH && address.length != V6_LENGTH) {
            throw new IllegalArgumentException(
                    "host address must be 4 or 16 bytes, not " + address.length);
        }
        return address;
    }
}
