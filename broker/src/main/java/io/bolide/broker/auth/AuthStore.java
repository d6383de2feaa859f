package io.bolide.broker.auth;

import io.bolide.broker.table.JsonFile;
import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.UserInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The users and ACLs of this broker, durable in {@code config/auth.json}. Changes are serialised
 * here, written to the file (atomically) before they are answered, and then published as a new
 * {@link AuthState} for the request path.
 */
final class AuthStore {
    static final String SUPER = "Super";
    static final String NORMAL = "Normal";
    static final String ENABLE = "enable";
    static final String DISABLE = "disable";
    static final String USER_PREFIX = "User:";

    private final JsonFile file;
    private final Map<String, UserInfo> users = new LinkedHashMap<>();
    private final Map<String, AclInfo> acls = new LinkedHashMap<>();
    private volatile AuthState state = AuthState.EMPTY;

    AuthStore(JsonFile file) {
        this.file = file;
    }

    /** Reads the file, if there is one, and publishes what it holds. */
    synchronized void load() throws IOException {
        AuthDocument document = file.read(AuthDocument.class);
        if (document != null) {
            for (UserInfo user : document.users()) {
                users.put(user.username(), user);
            }
            for (AclInfo acl : document.acls()) {
                acls.put(acl.subject(), acl);
            }
        }
        publish();
    }

    AuthState state() {
        return state;
    }

    synchronized UserInfo user(String name) {
        return users.get(name);
    }

    synchronized List<UserInfo> users() {
        return new ArrayList<>(users.values());
    }

    synchronized AclInfo acl(String subject) {
        return acls.get(subject);
    }

    synchronized List<AclInfo> acls() {
        return new ArrayList<>(acls.values());
    }

    /** Adds or replaces {@code user} (canonical), writes the file, publishes. */
    synchronized void putUser(UserInfo user) {
        users.put(user.username(), user);
        save();
    }

    /** Removes the user and its ACL. */
    synchronized void removeUser(String name) {
        users.remove(name);
        acls.remove(USER_PREFIX + name);
        save();
    }

    synchronized void putAcl(AclInfo acl) {
        acls.put(acl.subject(), acl);
        save();
    }

    synchronized void removeAcl(String subject) {
        acls.remove(subject);
        save();
    }

    /** Replaces every user and ACL (a slave adopting its master's), writes the file, publishes. */
    synchronized void replaceAll(List<UserInfo> newUsers, List<AclInfo> newAcls) {
        users.clear();
        for (UserInfo user : newUsers) {
            users.put(user.username(), user);
        }
        acls.clear();
        for (AclInfo acl : newAcls) {
            acls.put(acl.subject(), acl);
        }
        save();
    }

    private void save() {
        try {
            file.write(
                    new AuthDocument(
                            new ArrayList<>(users.values()), new ArrayList<>(acls.values())));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the users and ACLs", e);
        }
        publish();
    }

    private void publish() {
        Map<String, User> byName = new HashMap<>();
        for (UserInfo info : users.values()) {
            byName.put(
                    info.username(),
                    new User(
                            info.username(),
                            info.password(),
                            SUPER.equals(info.userType()),
                            !DISABLE.equals(info.userStatus())));
        }
        Map<String, CompiledAcl> compiled = new HashMap<>();
        for (AclInfo acl : acls.values()) {
            if (acl.subject().startsWith(USER_PREFIX)) {
                compiled.put(acl.subject().substring(USER_PREFIX.length()), Policies.compile(acl));
            }
        }
        state =
                new AuthState(
                        new UserIndex(byName.values()), Map.copyOf(byName), Map.copyOf(compiled));
    }
}
