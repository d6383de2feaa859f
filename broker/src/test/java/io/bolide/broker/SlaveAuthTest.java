package io.bolide.broker;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.SlaveTest.MasterNamingServer;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.testsupport.Await;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.rocketmq.acl.common.AclClientRPCHook;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A slave with authentication and authorization on copies its master's users and ACLs (signing its
 * copy requests with the inner credentials the master requires), so a client authenticates and is
 * authorized against the slave exactly as against the master.
 */
@ExtendWith(LeakCheck.class)
class SlaveAuthTest {
    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final String ALICE_ACL =
            "{\"subject\":\"User:alice\",\"policies\":[{\"policyType\":\"Custom\",\"entries\":"
                    + "[{\"resource\":\"Topic:allowed\",\"actions\":[\"Get\"],\"sourceIps\":[],"
                    + "\"decision\":\"Allow\"}]}]}";

    @TempDir Path dir;

    private static BrokerConfig.Builder secured(BrokerConfig.Builder config) {
        return config.set("authenticationEnabled", "true")
                .set("authorizationEnabled", "true")
                .set("initAuthenticationUser", "{\"username\":\"admin\",\"password\":\"admin-pw\"}")
                .set(
                        "innerClientAuthenticationCredentials",
                        "{\"accessKey\":\"inner\",\"secretKey\":\"inner-pw\"}");
    }

    @Test
    void shouldAuthenticateAndAuthorizeTheMastersUsersOnTheSlave() throws Exception {
        Broker master = Broker.start(secured(TestBrokers.config(dir.resolve("master"))).build());
        try (MasterNamingServer nameServer = new MasterNamingServer();
                ApacheCalls admin = signed(master.address(), "admin", "admin-pw")) {
            RemotingCommand user =
                    call(
                            admin,
                            RequestCode.AUTH_CREATE_USER,
                            Map.of("username", "alice"),
                            "{\"username\":\"alice\",\"password\":\"alice-pw\"}");
            assertThat(user.getCode()).as(user.getRemark()).isZero();
            RemotingCommand acl =
                    call(
                            admin,
                            RequestCode.AUTH_CREATE_ACL,
                            Map.of("subject", "User:alice"),
                            ALICE_ACL);
            assertThat(acl.getCode()).as(acl.getRemark()).isZero();
            nameServer.master.set(master.address());
            Broker slave =
                    Broker.start(
                            secured(TestBrokers.config(dir.resolve("slave")))
                                    .namesrvAddr(nameServer.address())
                                    .set("brokerRole", "SLAVE")
                                    .set("brokerId", "1")
                                    .build());
            try (ApacheCalls alice = signed(slave.address(), "alice", "alice-pw");
                    ApacheCalls forger = signed(slave.address(), "alice", "not-alice-pw")) {
                Await.until(
                        WAIT,
                        () -> topicConfig(alice, "allowed").getCode() != ResponseCode.NO_PERMISSION,
                        "alice known and allowed on the slave");
                RemotingCommand denied = topicConfig(alice, "denied");
                assertThat(denied.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                assertThat(denied.getRemark())
                        .isEqualTo(
                                "User:alice has no permission to access Topic:denied from"
                                        + " 127.0.0.1, no matched policies.");
                RemotingCommand forged = topicConfig(forger, "allowed");
                assertThat(forged.getCode()).isEqualTo(ResponseCode.NO_PERMISSION);
                assertThat(forged.getRemark()).isEqualTo("check signature failed.");
            } finally {
                slave.close();
            }
        } finally {
            master.close();
        }
    }

    private static ApacheCalls signed(String address, String user, String secret) {
        ApacheCalls calls = new ApacheCalls(address, SerializeType.JSON);
        calls.client.registerRPCHook(new AclClientRPCHook(new SessionCredentials(user, secret)));
        return calls;
    }

    private static RemotingCommand topicConfig(ApacheCalls calls, String topic) {
        try {
            return call(calls, RequestCode.GET_TOPIC_CONFIG, Map.of("topic", topic), null);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static RemotingCommand call(
            ApacheCalls calls, int code, Map<String, String> fields, String body) throws Exception {
        RemotingCommand request = RemotingCommand.createRequestCommand(code, null);
        request.setSerializeTypeCurrentRPC(calls.type);
        fields.forEach(request::addExtField);
        if (body != null) {
            request.setBody(body.getBytes(StandardCharsets.UTF_8));
        }
        return calls.client.invokeSync(calls.address, request, 5000);
    }
}
