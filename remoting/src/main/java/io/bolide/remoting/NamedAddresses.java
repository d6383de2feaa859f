package io.bolide.remoting;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Addresses by name, written {@code name=host:port;name=host:port}: the listeners a server binds,
 * or the address a broker is reached at from each named network. Order is kept as written (the
 * first listener is the server's main port). Immutable; {@link #toString()} gives the text back.
 */
public final class NamedAddresses {
    /** No names: the server binds its one address and advertises its one address. */
    public static final NamedAddresses NONE = new NamedAddresses(Map.of());

    private final Map<String, String> byName;

    private NamedAddresses(Map<String, String> byName) {
        this.byName = byName;
    }

    /**
     * Parses {@code name=host:port} pairs separated by {@code ;} (blank parts skipped). Names are
     * letters, digits, {@code _} and {@code -}; a host may be an IPv6 literal in brackets.
     *
     * @throws IllegalArgumentException saying which part is wrong
     */
    public static NamedAddresses parse(String text) {
        Map<String, String> parsed = new LinkedHashMap<>();
        for (String part : text.split(";")) {
            if (part.isBlank()) {
                continue;
            }
            int eq = part.indexOf('=');
            if (eq < 0) {
                throw new IllegalArgumentException("expected name=host:port, got '" + part + "'");
            }
            String name = name(part.substring(0, eq).trim());
            String address = part.substring(eq + 1).trim();
            port(address); // validates host:port
            if (parsed.put(name, address) != null) {
                throw new IllegalArgumentException("name '" + name + "' given twice");
            }
        }
        return parsed.isEmpty() ? NONE : new NamedAddresses(Collections.unmodifiableMap(parsed));
    }

    private static String name(String name) {
        if (name.isEmpty()) {
            throw new IllegalArgumentException("empty name before '='");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!Character.isLetterOrDigit(c) && c != '_' && c != '-') {
                throw new IllegalArgumentException("bad character '" + c + "' in name " + name);
            }
        }
        return name;
    }

    /** The host of {@code host:port}, without the brackets of an IPv6 literal. */
    public static String host(String address) {
        int colon = address.lastIndexOf(':');
        String host = address.substring(0, Math.max(colon, 0));
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        return host;
    }

    /**
     * The port of {@code host:port}.
     *
     * @throws IllegalArgumentException when there is no host or no port in 0..65535
     */
    public static int port(String address) {
        int colon = address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("expected host:port, got '" + address + "'");
        }
        try {
            int port = Integer.parseInt(address.substring(colon + 1));
            if (port >= 0 && port <= 65_535) {
                return port;
            }
        } catch (NumberFormatException e) {
            // reported below with the whole address
        }
        throw new IllegalArgumentException("bad port in '" + address + "'");
    }

    /** Whether no name is given. */
    public boolean isEmpty() {
        return byName.isEmpty();
    }

    /** The address given for {@code name}, or null. */
    public String get(String name) {
        return byName.get(name);
    }

    /** Every name with its address, in the order written (read-only). */
    public Map<String, String> asMap() {
        return byName;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof NamedAddresses that && byName.equals(that.byName);
    }

    @Override
    public int hashCode() {
        return byName.hashCode();
    }

    /** The text form {@link #parse} reads. */
    @Override
    public String toString() {
        StringBuilder text = new StringBuilder();
        byName.forEach(
                (name, address) -> {
                    if (text.length() > 0) {
                        text.append(';');
                    }
                    text.append(name).append('=').append(address);
                });
        return text.toString();
    }
}
