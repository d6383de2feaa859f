package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.EmbeddedBolide;
import io.bolide.interop.AdminInteropTest.Result;
import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bolide admin user|acl} with {@code --ak/--sk} against an Apache RocketMQ 5.5.0 broker with
 * ACL 2.0 on and against Bolide's: users created, listed, read, disabled and deleted, a policy
 * created, read, listed, updated and deleted; unsigned and wrongly signed calls refused with exit
 * status 1. Both print the same tables once addresses are masked.
 */
class AdminAclInteropTest {
    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String ROOT = "root";
    private static final String SECRET = "root-secret-1";
    private static final Map<String, String> SECURED =
            Map.of(
                    "authenticationEnabled",
                    "true",
                    "authorizationEnabled",
                    "true",
                    "initAuthenticationUser",
                    "{\"username\":\"" + ROOT + "\",\"password\":\"" + SECRET + "\"}");

    @TempDir Path dir;

    @Test
    void shouldManageUsersAndAclsAlikeOnApacheAndBolide() throws Exception {
        List<String> reference;
        int nsPort = ApacheBroker.freePortPair();
        Map<String, String> apache = new java.util.HashMap<>(SECURED);
        apache.put("namesrvAddr", "127.0.0.1:" + nsPort);
        apache.put(
                "authenticationMetadataProvider",
                "org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider");
        apache.put(
                "authorizationMetadataProvider",
                "org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider");
        apache.put(
                "innerClientAuthenticationCredentials",
                "{\"accessKey\":\"" + ROOT + "\",\"secretKey\":\"" + SECRET + "\"}");
        try (ApacheBroker ns = ApacheBroker.nameServer(dir.resolve("namesrv"), nsPort);
                ApacheBroker broker =
                        ApacheBroker.start(
                                dir.resolve("apache"), ApacheBroker.freePortPair(), apache)) {
            reference = scenario(ns.address(), broker.address());
        }
        List<String> ours;
        try (EmbeddedBolide bolide = EmbeddedBolide.start(b -> SECURED.forEach(b::set))) {
            ours = scenario(bolide.nameServerAddress(), bolide.brokerAddress());
        }
        assertThat(ours).isEqualTo(reference);
    }

    private static List<String> scenario(String ns, String broker) throws Exception {
        List<String> tables = new ArrayList<>();
        Await.until(
                WAIT,
                () -> AdminInteropTest.run("cluster", "-n", ns).out().contains(broker),
                "the broker listed by the name server");

        Result unsigned = AdminInteropTest.run("user", "list", "-n", ns, "-b", broker);
        assertThat(unsigned.status()).as(unsigned.err()).isEqualTo(1);
        Result wrong =
                AdminInteropTest.run(
                        "user", "list", "-n", ns, "-b", broker, "--ak", ROOT, "--sk", "nope");
        assertThat(wrong.status()).as(wrong.err()).isEqualTo(1);
        Result half = AdminInteropTest.run("user", "list", "-n", ns, "-b", broker, "--ak", ROOT);
        assertThat(half.status()).isEqualTo(2);

        tables.add(ok(ns, broker, "user", "create", "-u", "alice", "--password", "alice-pw-1"));
        tables.add(
                ok(
                        ns,
                        broker,
                        "user",
                        "create",
                        "-u",
                        "bob",
                        "--password",
                        "bob-pw-12",
                        "--user-type",
                        "normal"));
        tables.add(ok(ns, broker, "user", "update", "-u", "bob", "--user-status", "disable"));
        tables.add(ok(ns, broker, "user", "list"));
        tables.add(ok(ns, broker, "user", "get", "-u", "bob", "--json"));
        tables.add(
                ok(
                        ns,
                        broker,
                        "acl",
                        "create",
                        "-s",
                        "User:alice",
                        "--resources",
                        "Topic:orders,Group:billing",
                        "--actions",
                        "pub,sub",
                        "--decision",
                        "allow"));
        tables.add(ok(ns, broker, "acl", "get", "-s", "User:alice"));
        tables.add(
                ok(
                        ns,
                        broker,
                        "acl",
                        "update",
                        "-s",
                        "User:alice",
                        "--resources",
                        "Topic:orders",
                        "--actions",
                        "Pub",
                        "--source-ips",
                        "10.0.0.1",
                        "--decision",
                        "Deny"));
        tables.add(ok(ns, broker, "acl", "list", "-s", "alice", "--json"));
        tables.add(
                ok(ns, broker, "acl", "delete", "-s", "User:alice", "--resource", "Topic:orders"));
        tables.add(ok(ns, broker, "acl", "get", "-s", "User:alice"));
        tables.add(ok(ns, broker, "acl", "delete", "-s", "User:alice"));
        Result typo =
                AdminInteropTest.run(
                        "acl",
                        "create",
                        "-n",
                        ns,
                        "-b",
                        broker,
                        "--ak",
                        ROOT,
                        "--sk",
                        SECRET,
                        "-s",
                        "User:alice",
                        "--resources",
                        "Topic:x",
                        "--actions",
                        "Publish",
                        "--decision",
                        "Allow");
        assertThat(typo.status()).isEqualTo(2);
        assertThat(typo.err()).contains("--actions takes");
        tables.add(ok(ns, broker, "user", "delete", "-u", "bob"));
        tables.add(ok(ns, broker, "user", "list", "--filter", "bo"));
        return tables;
    }

    /** A signed command against the broker that must succeed; its output, the address masked. */
    private static String ok(String ns, String broker, String... words) {
        List<String> line = new ArrayList<>(List.of(words));
        line.addAll(List.of("-n", ns, "-b", broker, "--ak", ROOT, "--sk", SECRET));
        Result result = AdminInteropTest.run(line.toArray(String[]::new));
        assertThat(result.status()).as(String.join(" ", line) + ": " + result.err()).isZero();
        return result.out().replace(broker, "ADDRESS").replaceAll(" +", " ");
    }
}
