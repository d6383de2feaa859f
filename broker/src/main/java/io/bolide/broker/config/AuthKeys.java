package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * The ACL 2.0 keys (the reference's AuthConfig names Bolide applies; docs/security.md), declared
 * here and tabled in {@link BrokerConfigKeys} like every other key.
 */
final class AuthKeys {
    static final Key<Boolean> AUTHENTICATION_ENABLED =
            Key.ofBoolean(
                    "authenticationEnabled",
                    false,
                    "check every request's AccessKey and signature (ACL 2.0,"
                            + " docs/security.md)");

    static final Key<String> AUTHENTICATION_PROVIDER =
            provider("authenticationProvider", "authentication.provider.Default");

    static final Key<String> AUTHENTICATION_WHITELIST =
            Key.ofString(
                    "authenticationWhitelist",
                    "",
                    "request codes served without authentication, comma-separated");

    static final Key<String> INIT_AUTHENTICATION_USER =
            Key.ofString(
                    "initAuthenticationUser",
                    "",
                    "{\"username\":..,\"password\":..}: a Super user created at start"
                            + " if missing");

    static final Key<String> INNER_CLIENT_AUTHENTICATION_CREDENTIALS =
            Key.ofString(
                    "innerClientAuthenticationCredentials",
                    "",
                    "{\"accessKey\":..,\"secretKey\":..}: the broker's own user"
                            + " (created as Super if missing), signing its calls to name"
                            + " servers");

    static final Key<Boolean> AUTHORIZATION_ENABLED =
            Key.ofBoolean(
                    "authorizationEnabled",
                    false,
                    "check every request against its user's ACL (docs/security.md)");

    static final Key<String> AUTHORIZATION_PROVIDER =
            provider("authorizationProvider", "authorization.provider.Default");

    static final Key<String> AUTHORIZATION_WHITELIST =
            Key.ofString(
                    "authorizationWhitelist",
                    "",
                    "request codes served without authorization, comma-separated");

    /** A provider key: only the reference's default (empty or its class name) is served. */
    private static Key<String> provider(String name, String defaultClass) {
        String kind = name.startsWith("authentication") ? "Authentication" : "Authorization";
        String reference = "org.apache.rocketmq.auth." + defaultClass + kind + "Provider";
        return Key.of(
                name,
                String.class,
                "class name",
                "",
                text -> {
                    if (!text.isBlank() && !text.trim().equals(reference)) {
                        throw new IllegalArgumentException(
                                "only the default provider is served: empty or " + reference);
                    }
                    return text.trim();
                },
                null,
                "empty or " + reference + ": the only one served");
    }

    private AuthKeys() {}
}
