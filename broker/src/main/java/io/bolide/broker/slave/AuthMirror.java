package io.bolide.broker.slave;

import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.UserInfo;
import java.util.List;

/** Where a slave puts the users and ACLs it copied from its master (the auth feature's store). */
@FunctionalInterface
public interface AuthMirror {
    /** Replaces this broker's users and ACLs with the master's. */
    void adopt(List<UserInfo> users, List<AclInfo> acls);
}
