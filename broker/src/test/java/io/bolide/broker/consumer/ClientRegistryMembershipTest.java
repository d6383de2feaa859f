package io.bolide.broker.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Heartbeats;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.body.GetConsumerListByGroupResponseBody;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Group membership across two client connections: joining and leaving notify the other members
 * (NOTIFY_CONSUMER_IDS_CHANGED), a closed connection leaves its groups, silent members expire.
 */
@ExtendWith(LeakCheck.class)
class ClientRegistryMembershipTest {
    @TempDir Path dir;
    private ConsumerFixture broker;
    private EmbeddedServer second;

    @BeforeEach
    void open() throws Exception {
        broker = new ConsumerFixture(dir);
        second =
                new EmbeddedServer()
                        .register(
                                RequestCode.HEART_BEAT,
                                new HeartbeatHandler(broker.clients, broker.groups));
        join(broker.server, "client-1");
        join(second, "client-2");
    }

    @AfterEach
    void close() throws Exception {
        second.close();
        broker.close();
    }

    private static void join(EmbeddedServer connection, String clientId) {
        Reply reply =
                Wire.callJson(
                        connection,
                        RequestCode.HEART_BEAT,
                        Map.of(),
                        Heartbeats.consumer(clientId, "g", "T", "*", 1));
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    private List<String> members() {
        Reply reply =
                broker.call(
                        RequestCode.GET_CONSUMER_LIST_BY_GROUP, Wire.fields("consumerGroup", "g"));
        return reply.code() == ResponseCode.SUCCESS
                ? reply.json(GetConsumerListByGroupResponseBody.class).consumerIdList()
                : List.of();
    }

    @Test
    void shouldNotifyTheFirstMemberWhenASecondJoins() {
        Reply notice = Wire.nextFrame(broker.server);

        assertThat(notice.response()).isFalse();
        assertThat(notice.code()).isEqualTo(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED);
        assertThat(notice.fields()).containsEntry("consumerGroup", "g");
        assertThat(members()).containsExactlyInAnyOrder("client-1", "client-2");
    }

    @Test
    void shouldNotNotifyOnARepeatedHeartbeat() {
        Wire.nextFrame(broker.server);

        join(second, "client-2");

        assertThat(Wire.nextFrame(broker.server)).isNull();
    }

    @Test
    void shouldForgetTheMembersOfAClosedConnection() {
        Wire.nextFrame(broker.server);

        second.close();

        Reply notice = Wire.nextFrame(broker.server);
        assertThat(notice.code()).isEqualTo(RequestCode.NOTIFY_CONSUMER_IDS_CHANGED);
        assertThat(members()).containsExactly("client-1");
    }

    @Test
    void shouldExpireSilentMembersAndCloseTheirConnections() {
        ConsumerGroup group = broker.clients.consumerGroup("g");
        broker.clients.expire(0);
        assertThat(group.clientIds()).hasSize(2);

        broker.clients.expire(Long.MAX_VALUE);

        assertThat(group.clientIds()).isEmpty();
        assertThat(second.isOpen()).isFalse();
        assertThat(broker.server.isOpen()).isFalse();
    }
}
