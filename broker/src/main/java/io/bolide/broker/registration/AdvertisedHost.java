package io.bolide.broker.registration;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.util.Collections;

/**
 * The address clients are told to use: {@code brokerIP1} when set, else the first site-local IPv4
 * address of an up, non-loopback interface, else loopback (so a laptop without network works).
 */
final class AdvertisedHost {
    private AdvertisedHost() {}

    static String choose(String configured) {
        if (!configured.isEmpty()) {
            return configured;
        }
        try {
            for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!nic.isUp() || nic.isLoopback() || nic.isVirtual()) {
                    continue;
                }
                for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                    if (address instanceof Inet4Address && address.isSiteLocalAddress()) {
                        return address.getHostAddress();
                    }
                }
            }
        } catch (SocketException e) {
            // fall through to loopback: a host without interfaces still serves local clients
        }
        return "127.0.0.1";
    }

    /** The address bytes of {@code host} for STOREHOST (a literal, or resolved once at start). */
    static byte[] bytes(String host) {
        try {
            return InetAddress.getByName(host).getAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("cannot resolve brokerIP1 " + host, e);
        }
    }
}
