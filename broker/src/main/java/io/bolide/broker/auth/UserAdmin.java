package io.bolide.broker.auth;

import io.bolide.protocol.body.UserInfo;
import io.bolide.protocol.code.ResponseCode;
import java.util.ArrayList;
import java.util.List;

/**
 * AUTH_CREATE_USER … AUTH_LIST_USER (3001–3005), as the reference broker answers them: a Super user
 * is created, changed or deleted only by a Super user (or with authentication off, when a request
 * names no user).
 */
final class UserAdmin {
    private static final String BLANK = "The username is blank";

    private final AuthStore store;

    UserAdmin(AuthStore store) {
        this.store = store;
    }

    void create(AdminCall call) {
        String name = call.field("username");
        if (AdminCall.blank(name)) {
            call.respond(ResponseCode.INVALID_PARAMETER, BLANK);
            return;
        }
        UserInfo body = call.body(UserInfo.class);
        if (body == null) {
            throw new AuthException("user can not be null");
        }
        String type = userType(body.userType(), AuthStore.NORMAL);
        if (AuthStore.SUPER.equals(type) && !bySuperUser(call)) {
            call.respond(
                    ResponseCode.SYSTEM_ERROR, "The super user can only be create by super user");
            return;
        }
        if (AdminCall.blank(body.password())) {
            throw new AuthException("password can not be blank");
        }
        if (store.user(name) != null) {
            throw new AuthException("The user is existed");
        }
        store.putUser(
                new UserInfo(
                        name, body.password(), type, status(body.userStatus(), AuthStore.ENABLE)));
        call.ok();
    }

    void update(AdminCall call) {
        String name = call.field("username");
        if (AdminCall.blank(name)) {
            call.respond(ResponseCode.INVALID_PARAMETER, BLANK);
            return;
        }
        UserInfo body = call.body(UserInfo.class);
        if (body == null) {
            throw new AuthException("user can not be null");
        }
        boolean bySuper = bySuperUser(call);
        if (AuthStore.SUPER.equals(userType(body.userType(), null)) && !bySuper) {
            call.respond(
                    ResponseCode.SYSTEM_ERROR, "The super user can only be update by super user");
            return;
        }
        UserInfo old = store.user(name);
        if (old == null) {
            throw new AuthException("The user is not exist");
        }
        if (AuthStore.SUPER.equals(old.userType()) && !bySuper) {
            throw new AuthException("The super user can only be update by super user");
        }
        store.putUser(
                new UserInfo(
                        name,
                        AdminCall.blank(body.password()) ? old.password() : body.password(),
                        userType(body.userType(), old.userType()),
                        status(body.userStatus(), old.userStatus())));
        call.ok();
    }

    void delete(AdminCall call) {
        String name = call.field("username");
        UserInfo old = name == null ? null : store.user(name);
        if (old != null) {
            if (AuthStore.SUPER.equals(old.userType()) && !bySuperUser(call)) {
                throw new AuthException("The super user can only be update by super user");
            }
            store.removeUser(name);
        }
        call.ok();
    }

    void get(AdminCall call) {
        String name = call.field("username");
        if (AdminCall.blank(name)) {
            call.respond(ResponseCode.INVALID_PARAMETER, BLANK);
            return;
        }
        call.ok(store.user(name));
    }

    void list(AdminCall call) {
        String filter = call.field("filter");
        List<UserInfo> users = new ArrayList<>();
        for (UserInfo user : store.users()) {
            if (AdminCall.blank(filter) || user.username().contains(filter)) {
                users.add(user);
            }
        }
        call.ok(users.isEmpty() ? null : users);
    }

    /** The reference's test: no AccessKey counts as a Super user (authentication is off then). */
    private boolean bySuperUser(AdminCall call) {
        String accessKey = call.accessKey();
        if (AdminCall.blank(accessKey)) {
            return true;
        }
        UserInfo user = store.user(accessKey);
        return user != null && AuthStore.SUPER.equals(user.userType());
    }

    /** {@code Super} or {@code Normal} in any case; {@code otherwise} when absent or unknown. */
    static String userType(String name, String otherwise) {
        if (AuthStore.SUPER.equalsIgnoreCase(name)) {
            return AuthStore.SUPER;
        }
        return AuthStore.NORMAL.equalsIgnoreCase(name) ? AuthStore.NORMAL : otherwise;
    }

    static String status(String name, String otherwise) {
        if (AuthStore.DISABLE.equalsIgnoreCase(name)) {
            return AuthStore.DISABLE;
        }
        return AuthStore.ENABLE.equalsIgnoreCase(name) ? AuthStore.ENABLE : otherwise;
    }
}
