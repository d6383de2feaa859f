package io.bolide.broker.auth;

import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.UserInfo;
import java.util.List;

/**
 * The file {@code config/auth.json}: every user (with its secret: protect the file like the
 * reference's RocksDB store) and every ACL, in the shapes the management codes speak.
 */
public record AuthDocument(List<UserInfo> users, List<AclInfo> acls) {

    /** Copies the lists, null becoming empty. */
    public AuthDocument {
        users = users == null ? List.of() : List.copyOf(users);
        acls = acls == null ? List.of() : List.copyOf(acls);
    }
}
