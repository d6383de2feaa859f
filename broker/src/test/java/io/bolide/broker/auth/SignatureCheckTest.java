package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.acl.common.SessionCredentials;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeader;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

@ExtendWith(LeakCheck.class)
class SignatureCheckTest {
    static final SessionCredentials ALICE = new SessionCredentials("alice", "alice-secret-1");
    static final UserIndex USERS =
            new UserIndex(
                    List.of(
                            new User("alice", "alice-secret-1", false, true),
                            new User("root", "root-secret", true, true),
                            new User("bob", "bob-secret", false, false)));

    private static String check(
            org.apache.rocketmq.remoting.protocol.RemotingCommand command,
            SerializeType type,
            boolean fast) {
        RemotingCommand decoded = Signed.decoded(command, type, fast);
        try {
            SigningScratch scratch = SigningScratch.get();
            User user = SignatureCheck.authenticate(decoded, USERS, scratch);
            return user == null ? scratch.remark : "OK " + user.name();
        } finally {
            decoded.release();
        }
    }

    private static SendMessageRequestHeaderV2 sendHeader() {
        SendMessageRequestHeader v1 = new SendMessageRequestHeader();
        v1.setProducerGroup("pg");
        v1.setTopic("orders");
        v1.setDefaultTopic("TBW102");
        v1.setDefaultTopicQueueNums(4);
        v1.setQueueId(1);
        v1.setSysFlag(0);
        v1.setBornTimestamp(1_700_000_000_000L);
        v1.setFlag(0);
        v1.setProperties("KEYS\u0001k1\u0002UNIQ_KEY\u0001ABC\u0002é\u0001ü");
        v1.setReconsumeTimes(0);
        v1.setUnitMode(false);
        v1.setBatch(false);
        return SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(v1);
    }

    @ParameterizedTest
    @CsvSource({"JSON,false", "JSON,true", "ROCKETMQ,false", "ROCKETMQ,true"})
    void shouldAcceptWhatTheOfficialHookSigns(SerializeType type, boolean fast) {
        byte[] body = "hello, 世界".getBytes(StandardCharsets.UTF_8);
        assertThat(check(Signed.request(310, sendHeader(), body, ALICE), type, fast))
                .isEqualTo("OK alice");
        assertThat(check(Signed.request(310, sendHeader(), null, ALICE), type, fast))
                .isEqualTo("OK alice");
        SessionCredentials withToken = new SessionCredentials("alice", "alice-secret-1", "tok-123");
        assertThat(check(Signed.request(310, sendHeader(), body, withToken), type, fast))
                .isEqualTo("OK alice");
    }

    @Test
    void shouldRefuseWithTheReferenceRemarks() {
        var json = SerializeType.JSON;
        assertThat(
                        check(
                                Signed.request(
                                        310,
                                        sendHeader(),
                                        null,
                                        new SessionCredentials("alice", "wrong")),
                                json,
                                false))
                .isEqualTo("check signature failed.");
        assertThat(
                        check(
                                Signed.request(
                                        310,
                                        sendHeader(),
                                        null,
                                        new SessionCredentials("carol", "x")),
                                json,
                                false))
                .isEqualTo("User:carol is not found.");
        assertThat(
                        check(
                                Signed.request(
                                        310,
                                        sendHeader(),
                                        null,
                                        new SessionCredentials("bob", "bob-secret")),
                                json,
                                false))
                .isEqualTo("User:bob is disabled.");
        var unsigned =
                org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                        310, sendHeader());
        assertThat(check(unsigned, json, false)).isEqualTo("username cannot be null.");
    }

    @Test
    void shouldRefuseATamperedBodyOrField() {
        var signed =
                Signed.request(
                        10, Map.of("topic", "orders", "queueId", "1"), new byte[] {1, 2, 3}, ALICE);
        signed.setBody(new byte[] {1, 2, 4});
        assertThat(check(signed, SerializeType.ROCKETMQ, false))
                .isEqualTo("check signature failed.");
        var field = Signed.request(10, Map.of("topic", "orders", "queueId", "1"), null, ALICE);
        field.addExtField("topic", "payroll");
        assertThat(check(field, SerializeType.JSON, false)).isEqualTo("check signature failed.");
    }
}
