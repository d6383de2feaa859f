package io.bolide.remoting;

import io.bolide.remoting.config.Key;

/** Key shapes the TLS settings share: the reference's names, read by Bolide only from its file. */
final class TlsKeys {
    private TlsKeys() {}

    static Key<String> string(String name, String def, String doc) {
        return Key.ofString(name, def, doc).bolideOnly();
    }

    static Key<Boolean> bool(String name, boolean def, String doc) {
        return Key.ofBoolean(name, def, doc).bolideOnly();
    }

    static Key<TlsMode> mode() {
        return Key.of(
                        "tls.server.mode",
                        TlsMode.class,
                        "disabled|permissive|enforcing",
                        "",
                        v -> v.isBlank() ? TlsMode.DISABLED : TlsMode.parse(v),
                        TlsMode::text,
                        "TLS on the client port: none, both plain and TLS, or TLS only; unset:"
                                + " disabled on the remoting port, permissive on the gRPC port"
                                + " (reference default permissive)")
                .bolideOnly();
    }

    static Key<String> clientAuth() {
        return Key.of(
                        "tls.server.need.client.auth",
                        String.class,
                        "none|optional|require",
                        "none",
                        v -> {
                            TlsFiles.clientAuth(v);
                            return v.trim();
                        },
                        null,
                        "whether clients are asked for a certificate")
                .bolideOnly();
    }
}
