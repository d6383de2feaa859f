package io.bolide.broker.auth;

import java.util.Map;

/**
 * Users and compiled ACLs as the request path sees them: immutable, replaced whole on every change
 * (a volatile read per request, no lock).
 */
record AuthState(UserIndex users, Map<String, User> byName, Map<String, CompiledAcl> acls) {
    static final AuthState EMPTY = new AuthState(UserIndex.EMPTY, Map.of(), Map.of());

    User user(String name) {
        return byName.get(name);
    }

    CompiledAcl acl(String userName) {
        return acls.get(userName);
    }
}
