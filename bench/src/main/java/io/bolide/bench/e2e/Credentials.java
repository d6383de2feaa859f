package io.bolide.bench.e2e;

import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.RPCHook;

/**
 * The load generator's ACL credentials: {@code -Dbench.accessKey} and {@code -Dbench.secretKey}
 * (bench/run-e2e.sh sets them when {@code ACL=1}); without them clients do not sign.
 */
final class Credentials {
    private Credentials() {}

    /** The official client's signing hook, or null when no credentials are set. */
    static RPCHook hook() {
        String accessKey = System.getProperty("bench.accessKey");
        String secretKey = System.getProperty("bench.secretKey");
        if (accessKey == null || secretKey == null) {
            return null;
        }
        return new AclClientRPCHook(new SessionCredentials(accessKey, secretKey));
    }
}
