package io.bolide.broker.auth;

import java.util.HashSet;
import java.util.Set;

/**
 * The broker's ACL 2.0 settings (the reference's {@code AuthConfig} keys that Bolide applies).
 *
 * @param authenticationEnabled check every request's AccessKey and signature
 * @param authorizationEnabled check every request against its user's ACL
 * @param authenticationWhitelist request codes, comma-separated, not authenticated
 * @param authorizationWhitelist request codes, comma-separated, not authorized
 * @param initAuthenticationUser JSON {@code {"username":..,"password":..}}, or empty
 * @param innerClientCredentials JSON {@code {"accessKey":..,"secretKey":..}}, or empty
 * @param clusterName the name of the {@code Cluster} resource
 */
public record AuthSettings(
        boolean authenticationEnabled,
        boolean authorizationEnabled,
        String authenticationWhitelist,
        String authorizationWhitelist,
        String initAuthenticationUser,
        String innerClientCredentials,
        String clusterName) {

    /** Whether any check is on (off: no gate at all on the request path). */
    public boolean anyEnabled() {
        return authenticationEnabled || authorizationEnabled;
    }

    Set<Integer> authenticationCodes() {
        return codes(authenticationWhitelist);
    }

    Set<Integer> authorizationCodes() {
        return codes(authorizationWhitelist);
    }

    private static Set<Integer> codes(String list) {
        Set<Integer> codes = new HashSet<>();
        for (String item : list.split(",")) {
            String code = item.trim();
            if (!code.isEmpty()) {
                try {
                    codes.add(Integer.parseInt(code));
                } catch (NumberFormatException e) {
                    throw new IllegalArgumentException(
                            "not a request code in a whitelist: " + code);
                }
            }
        }
        return codes;
    }
}
