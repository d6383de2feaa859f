package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RemotingSerializable;
import org.apache.rocketmq.remoting.protocol.body.HARuntimeInfo;

/**
 * GET_BROKER_HA_STATUS (907) of a master and its slave, one Bolide and one Apache 5.5.0: each body
 * decodes with the reference's class, both carry the same keys but those of one role's entries, and
 * each side's figures agree with its peer's once the slave caught up.
 */
final class HaStatusPeers {
    /** Keys only a master's slave entries or a slave's master address carry. */
    private static final Set<String> ROLE_KEYS =
            Set.of("masterAddr", "addr", "slaveAckOffset", "diff", "inSync", "transferFromWhere");

    private static final Pattern KEY = Pattern.compile("\"(\\w+)\":");

    private HaStatusPeers() {}

    static void assertAgree(Wire wire, String master, String slave) throws Exception {
        byte[] onMaster = body(wire, master);
        byte[] onSlave = body(wire, slave);
        assertThat(keys(onMaster)).isEqualTo(keys(onSlave));
        HARuntimeInfo m = RemotingSerializable.decode(onMaster, HARuntimeInfo.class);
        HARuntimeInfo s = RemotingSerializable.decode(onSlave, HARuntimeInfo.class);
        assertThat(m.isMaster()).isTrue();
        assertThat(s.isMaster()).isFalse();
        assertThat(m.getInSyncSlaveNums()).isEqualTo(1);
        HARuntimeInfo.HAConnectionRuntimeInfo link = m.getHaConnectionInfo().get(0);
        assertThat(link.getAddr()).startsWith("127.0.0.1:");
        assertThat(link.isInSync()).isTrue();
        assertThat(link.getSlaveAckOffset()).isEqualTo(m.getMasterCommitLogMaxOffset());
        assertThat(link.getDiff()).isZero();
        assertThat(s.getHaClientRuntimeInfo().getMaxOffset()).isEqualTo(link.getSlaveAckOffset());
        assertThat(s.getHaClientRuntimeInfo().getMasterAddr()).startsWith("127.0.0.1:");
        assertThat(s.getHaClientRuntimeInfo().getLastReadTimestamp()).isPositive();
        assertThat(s.getHaClientRuntimeInfo().getLastWriteTimestamp()).isPositive();
    }

    private static byte[] body(Wire wire, String address) throws Exception {
        RemotingCommand answer = wire.call(address, 907, null, null);
        assertThat(answer.getCode()).as(address + ": " + answer.getRemark()).isZero();
        return answer.getBody();
    }

    /** Every key name in the JSON, but the role-specific ones. */
    private static Set<String> keys(byte[] json) {
        Set<String> keys = new TreeSet<>();
        Matcher m = KEY.matcher(new String(json, StandardCharsets.UTF_8));
        while (m.find()) {
            keys.add(m.group(1));
        }
        keys.removeAll(ROLE_KEYS);
        return keys;
    }
}
