package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.admin.TopicStatsTable;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The official Go client with credentials ({@code primitive.Credentials}: its ACL interceptor signs
 * every request with the same HMAC-SHA1 scheme as the Java client's hook) against a broker with
 * authentication and authorization on: a Normal user allowed on one topic and group sends and
 * push-consumes; the same user with a wrong secret is refused and stores nothing.
 */
class GoClientAclTest {
    private static final int COUNT = 10;
    private static final String ROOT_SECRET = "go-root-secret";
    private static final String TOPIC = "GoAclTopic";
    private static final String GROUP = "go-acl-group";

    @RegisterExtension
    static final BolideExtension BOLIDE =
            new BolideExtension(
                    b ->
                            b.set("authenticationEnabled", "true")
                                    .set("authorizationEnabled", "true")
                                    .set(
                                            "initAuthenticationUser",
                                            "{\"username\":\"root\",\"password\":\""
                                                    + ROOT_SECRET
                                                    + "\"}"));

    @Test
    void shouldSendAndConsumeWithTheRightSecretAndBeRefusedWithAWrongOne(EmbeddedBolide bolide)
            throws Exception {
        GoProgram program = GoProgram.buildOrSkip();
        String nameServer = bolide.nameServerAddress();
        DefaultMQAdminExt root =
                new DefaultMQAdminExt(
                        new AclClientRPCHook(new SessionCredentials("root", ROOT_SECRET)), 5000);
        Clients.configure(root, nameServer);
        root.start();
        try {
            String broker = bolide.brokerAddress();
            root.createUser(broker, "gopher", "gopher-secret", "Normal");
            root.createAcl(
                    broker,
                    "User:gopher",
                    List.of("Topic:" + TOPIC, "Group:" + GROUP),
                    List.of("Pub", "Sub", "Get"),
                    List.of(),
                    "Allow");
            root.createAndUpdateTopicConfig(broker, new TopicConfig(TOPIC, 4, 4));

            List<String> refused =
                    program.run(nameServer, TOPIC, GROUP, "1", "gopher", "wrong-secret", "refused");
            assertThat(refused)
                    .anySatisfy(
                            line ->
                                    assertThat(line)
                                            .startsWith("REFUSED")
                                            .contains("check signature failed"));
            assertThat(stored(root, TOPIC)).as("messages stored by the refused sends").isZero();

            List<String> output =
                    program.run(
                            nameServer,
                            TOPIC,
                            GROUP,
                            Integer.toString(COUNT),
                            "gopher",
                            "gopher-secret");
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < COUNT; i++) {
                String tag = i % 2 == 0 ? "TagA" : "TagB";
                expected.add("RECEIVED key=go-key-" + i + " tag=" + tag + " body=go body " + i);
            }
            assertThat(output).containsAll(expected).contains("OK " + COUNT);
            assertThat(stored(root, TOPIC)).isEqualTo(COUNT);
        } finally {
            root.shutdown();
        }
    }

    private static long stored(DefaultMQAdminExt admin, String topic) throws Exception {
        TopicStatsTable stats = admin.examineTopicStats(topic);
        return stats.getOffsetTable().values().stream().mapToLong(o -> o.getMaxOffset()).sum();
    }
}
