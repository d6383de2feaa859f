package io.bolide.broker.auth;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An address or a CIDR block a policy entry is limited to: {@code 10.1.2.3}, {@code 10.0.0.0/8},
 * {@code fd00::/8}. Only literals: a host name would make the check wait on DNS.
 */
final class SourceRange {
    private final byte[] network;
    private final int prefixBits;

    private SourceRange(byte[] network, int prefixBits) {
        this.network = network;
        this.prefixBits = prefixBits;
    }

    /** The range {@code text} names, or null when it is not an address or CIDR block. */
    static SourceRange parse(String text) {
        if (text == null || text.isEmpty()) {
            return null;
        }
        int slash = text.indexOf('/');
        String address = slash < 0 ? text : text.substring(0, slash);
        if (!isLiteral(address)) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = InetAddress.getByName(address).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
        int bits = bytes.length * 8;
        if (slash >= 0) {
            try {
                bits = Integer.parseInt(text.substring(slash + 1));
            } catch (NumberFormatException e) {
                return null;
            }
            if (bits < 0 || bits > bytes.length * 8) {
                return null;
            }
        }
        return new SourceRange(bytes, bits);
    }

    private static boolean isLiteral(String address) {
        if (address.isEmpty()) {
            return false;
        }
        for (int i = 0; i < address.length(); i++) {
            char c = address.charAt(i);
            boolean hex =
                    (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
            if (!hex && c != '.' && c != ':') {
                return false;
            }
        }
        return true;
    }

    boolean contains(byte[] address) {
        if (address == null || address.length != network.length) {
            return false;
        }
        int full = prefixBits / 8;
        for (int i = 0; i < full; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int rest = prefixBits % 8;
        if (rest == 0) {
            return true;
        }
        int mask = 0xFF << (8 - rest) & 0xFF;
        return (address[full] & mask) == (network[full] & mask);
    }
}
