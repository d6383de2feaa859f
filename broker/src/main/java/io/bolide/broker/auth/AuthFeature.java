package io.bolide.broker.auth;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.table.JsonFile;
import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.UserInfo;
import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RequestGate;
import io.bolide.remoting.RequestSigner;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * ACL 2.0: the users and ACLs ({@code config/auth.json}), the gate every request passes when
 * authentication or authorization is on, and the management codes 3001–3010 (served whether or not
 * the checks are on, as the reference does, so users can be prepared before switching them on).
 */
public final class AuthFeature {
    private final AuthStore store;
    private final AuthSettings settings;

    private AuthFeature(AuthStore store, AuthSettings settings) {
        this.store = store;
        this.settings = settings;
    }

    /**
     * Loads the users and ACLs under {@code configDir} and creates the configured initial users.
     */
    public static AuthFeature open(Path configDir, AuthSettings settings) throws IOException {
        AuthStore store = new AuthStore(new JsonFile(configDir.resolve("auth.json")));
        store.load();
        AuthFeature feature = new AuthFeature(store, settings);
        feature.createInitialUser(settings.initAuthenticationUser(), false);
        feature.createInitialUser(settings.innerClientCredentials(), true);
        return feature;
    }

    /** Whether this broker checks credentials or permissions on requests. */
    public boolean checksRequests() {
        return settings.anyEnabled();
    }

    /**
     * Takes the master's users and ACLs as this broker's own (a slave's copy), then creates this
     * broker's configured initial users again if the master has none of that name, so the slave
     * keeps signing its own calls.
     */
    public void adopt(List<UserInfo> users, List<AclInfo> acls) {
        store.replaceAll(users, acls);
        createInitialUser(settings.initAuthenticationUser(), false);
        createInitialUser(settings.innerClientCredentials(), true);
    }

    /** The gate for the server, or null when neither check is on (nothing on the request path). */
    public RequestGate gate() {
        return settings.anyEnabled() ? new AuthGate(store, settings) : null;
    }

    /**
     * The check of gRPC calls against the same users and ACLs, or null when neither check is on.
     */
    public CallCheck callCheck() {
        return settings.anyEnabled() ? new CallCheck(store, settings) : null;
    }

    /** ACL 2.0 for the web console: its login and the checks of its requests. */
    public ConsoleAccess consoleAccess() {
        return new ConsoleAccess(store, settings);
    }

    /**
     * Serves 3001–3010; changes are written to disk on {@code executor} before they are answered.
     */
    public void install(Codes codes, Executor executor) {
        UserAdmin users = new UserAdmin(store);
        AclAdmin acls = new AclAdmin(store);
        codes.serve(RequestCode.AUTH_CREATE_USER, AdminCall.offThread(executor, users::create));
        codes.serve(RequestCode.AUTH_UPDATE_USER, AdminCall.offThread(executor, users::update));
        codes.serve(RequestCode.AUTH_DELETE_USER, AdminCall.offThread(executor, users::delete));
        codes.serve(RequestCode.AUTH_GET_USER, AdminCall.offThread(executor, users::get));
        codes.serve(RequestCode.AUTH_LIST_USER, AdminCall.offThread(executor, users::list));
        codes.serve(RequestCode.AUTH_CREATE_ACL, AdminCall.offThread(executor, acls::create));
        codes.serve(RequestCode.AUTH_UPDATE_ACL, AdminCall.offThread(executor, acls::update));
        codes.serve(RequestCode.AUTH_DELETE_ACL, AdminCall.offThread(executor, acls::delete));
        codes.serve(RequestCode.AUTH_GET_ACL, AdminCall.offThread(executor, acls::get));
        codes.serve(RequestCode.AUTH_LIST_ACL, AdminCall.offThread(executor, acls::list));
    }

    /**
     * The reference's start-up users: {@code initAuthenticationUser} ({@code username}/{@code
     * password}) and the broker's own {@code innerClientAuthenticationCredentials} ({@code
     * accessKey}/{@code secretKey}), each created as a Super user unless it exists.
     */
    private void createInitialUser(String json, boolean credentials) {
        if (json == null || json.isBlank()) {
            return;
        }
        UserInfo user;
        if (credentials) {
            InnerCredentials c =
                    BodyCodec.decode(json.getBytes(StandardCharsets.UTF_8), InnerCredentials.class);
            user = new UserInfo(c.accessKey(), c.secretKey(), null, null);
        } else {
            user = BodyCodec.decode(json.getBytes(StandardCharsets.UTF_8), UserInfo.class);
        }
        if (AdminCall.blank(user.username()) || AdminCall.blank(user.password())) {
            throw new IllegalArgumentException(
                    "an initial user needs a name and a password: " + json);
        }
        if (store.user(user.username()) == null) {
            store.putUser(
                    new UserInfo(
                            user.username(), user.password(), AuthStore.SUPER, AuthStore.ENABLE));
        }
    }

    /**
     * Signs the broker's calls to name servers with {@code innerClientAuthenticationCredentials},
     * when authentication is on and they are set; null otherwise (calls go unsigned).
     */
    public RequestSigner innerSigner() {
        String json = settings.innerClientCredentials();
        if (!settings.authenticationEnabled() || json == null || json.isBlank()) {
            return null;
        }
        InnerCredentials credentials =
                BodyCodec.decode(json.getBytes(StandardCharsets.UTF_8), InnerCredentials.class);
        return new RequestSigner(credentials.accessKey(), credentials.secretKey());
    }
}
