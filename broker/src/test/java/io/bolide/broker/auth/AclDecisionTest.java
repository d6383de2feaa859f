package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.body.AclInfo;
import io.bolide.protocol.body.AclInfo.PolicyEntryInfo;
import io.bolide.protocol.body.AclInfo.PolicyInfo;
import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

class AclDecisionTest {
    private static final int PUB = Action.PUB.bit();
    private static final int SUB = Action.SUB.bit();

    private static PolicyEntryInfo entry(
            String resource, String actions, String decision, String... ips) {
        return new PolicyEntryInfo(resource, List.of(actions.split(",")), List.of(ips), decision);
    }

    private static CompiledAcl acl(PolicyEntryInfo... entries) {
        AclInfo info = new AclInfo("User:alice", List.of(new PolicyInfo(null, List.of(entries))));
        return Policies.compile(new AclInfo(info.subject(), Policies.canonical(info.policies())));
    }

    private static String decide(
            CompiledAcl acl, ResourceType type, String name, int bits, String ip) throws Exception {
        PolicyEntry entry = acl.decide(type, name, bits, InetAddress.getByName(ip));
        return entry == null ? "none" : entry.deny() ? "deny" : "allow";
    }

    @Test
    void shouldFollowTheReferencePrecedence() throws Exception {
        CompiledAcl acl =
                acl(
                        entry("Topic:orders", "Pub", "Allow"),
                        entry("Topic:ord*", "Pub,Sub", "Deny"),
                        entry("Topic:orders-eu*", "Pub", "Allow"),
                        entry("Topic:*", "Sub", "Allow"),
                        entry("*", "All", "Deny"),
                        entry("Group:g1", "Sub", "Allow"),
                        entry("Group:g1", "Sub", "Deny"));
        String ip = "10.0.0.1";
        assertThat(decide(acl, ResourceType.TOPIC, "orders", PUB, ip)).isEqualTo("allow");
        assertThat(decide(acl, ResourceType.TOPIC, "orders", SUB, ip)).isEqualTo("deny");
        assertThat(decide(acl, ResourceType.TOPIC, "orders-eu-1", PUB, ip)).isEqualTo("allow");
        assertThat(decide(acl, ResourceType.TOPIC, "ordinary", PUB, ip)).isEqualTo("deny");
        assertThat(decide(acl, ResourceType.TOPIC, "payments", SUB, ip)).isEqualTo("allow");
        assertThat(decide(acl, ResourceType.TOPIC, "payments", PUB, ip)).isEqualTo("deny");
        assertThat(decide(acl, ResourceType.GROUP, "g1", SUB, ip))
                .as("deny wins a tie")
                .isEqualTo("deny");
        assertThat(decide(acl, ResourceType.CLUSTER, "c1", Action.GET.bit(), ip)).isEqualTo("deny");
    }

    @Test
    void shouldLimitEntriesToTheirSourceRanges() throws Exception {
        CompiledAcl acl =
                acl(
                        entry("Topic:t", "Pub", "Allow", "192.168.0.0/16", "10.1.2.3"),
                        entry("Topic:t6", "Pub", "Allow", "fd00::/8"));
        assertThat(decide(acl, ResourceType.TOPIC, "t", PUB, "192.168.7.9")).isEqualTo("allow");
        assertThat(decide(acl, ResourceType.TOPIC, "t", PUB, "10.1.2.3")).isEqualTo("allow");
        assertThat(decide(acl, ResourceType.TOPIC, "t", PUB, "10.1.2.4")).isEqualTo("none");
        assertThat(decide(acl, ResourceType.TOPIC, "t6", PUB, "fd12::1")).isEqualTo("allow");
        assertThat(decide(acl, ResourceType.TOPIC, "t6", PUB, "fe80::1")).isEqualTo("none");
    }

    @Test
    void shouldFallBackToTheDefaultPolicyOnlyWhenNoCustomEntryApplies() throws Exception {
        AclInfo info =
                new AclInfo(
                        "User:alice",
                        List.of(
                                new PolicyInfo(
                                        "Default", List.of(entry("Topic:*", "All", "Allow"))),
                                new PolicyInfo(
                                        "Custom", List.of(entry("Topic:secret", "Sub", "Deny")))));
        CompiledAcl acl =
                Policies.compile(new AclInfo(info.subject(), Policies.canonical(info.policies())));
        assertThat(decide(acl, ResourceType.TOPIC, "secret", SUB, "1.2.3.4")).isEqualTo("deny");
        assertThat(decide(acl, ResourceType.TOPIC, "secret", PUB, "1.2.3.4")).isEqualTo("allow");
    }

    @Test
    void shouldRefuseInvalidEntriesWithTheReferenceWording() {
        assertThatThrownBy(() -> acl(entry("Queue:x", "Pub", "Allow")))
                .hasMessage("The resource is null.");
        assertThatThrownBy(() -> acl(entry("Topic:x", "Any", "Allow")))
                .hasMessage("The actions can not be Any.");
        assertThatThrownBy(() -> acl(entry("Topic:x", "Pub", "Maybe")))
                .hasMessage("The decision is null or illegal.");
        assertThatThrownBy(() -> acl(entry("Topic:x", "Pub", "Allow", "example.com")))
                .hasMessage("The source ip is invalid.");
        assertThatThrownBy(() -> Policies.canonical(List.of()))
                .hasMessage("The policies is empty.");
    }
}
