package io.bolide.broker.pop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.protocol.body.MessageModel;
import io.bolide.protocol.body.MessageQueueAssignment;
import io.bolide.protocol.body.MessageRequestMode;
import io.bolide.protocol.body.MessageRequestModeSerializeWrapper;
import io.bolide.protocol.body.QueryAssignmentRequestBody;
import io.bolide.protocol.body.QueryAssignmentResponseBody;
import io.bolide.protocol.body.SetMessageRequestModeRequestBody;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.MutableClock;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.client.consumer.rebalance.AllocateMessageQueueAveragely;
import org.apache.rocketmq.common.message.MessageQueue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Request modes (401, 402) and the broker's assignment (400). */
class AssignmentTest {
    @TempDir Path dir;

    @Test
    void shouldAssignTheWholeTopicAsQueueMinusOneOnceTheGroupPops() throws Exception {
        try (PopFixture f = new PopFixture(dir, new MutableClock(1_000))) {
            // PULL by default, allocated over the group's members: client-1 never heartbeated.
            assertThat(assignment(f, PopFixture.TOPIC)).isEmpty();
            Wire.Reply set =
                    Wire.callJson(
                            f.server,
                            RequestCode.SET_MESSAGE_REQUEST_MODE,
                            Map.of(),
                            new SetMessageRequestModeRequestBody(
                                    PopFixture.TOPIC, PopFixture.GROUP, MessageRequestMode.POP, 0));
            assertThat(set.code()).isEqualTo(ResponseCode.SUCCESS);

            List<MessageQueueAssignment> pop = assignment(f, PopFixture.TOPIC);
            assertThat(pop).hasSize(1);
            assertThat(pop.get(0).mode()).isEqualTo(MessageRequestMode.POP);
            assertThat(pop.get(0).messageQueue().queueId()).isEqualTo(-1);
            assertThat(pop.get(0).messageQueue().brokerName()).isEqualTo(PopFixture.BROKER);

            Wire.Reply all =
                    Wire.call(f.server, RequestCode.GET_ALL_MESSAGE_REQUEST_MODE, Map.of(), null);
            MessageRequestModeSerializeWrapper modes =
                    all.json(MessageRequestModeSerializeWrapper.class);
            assertThat(
                            modes.messageRequestModeMap()
                                    .get(PopFixture.TOPIC)
                                    .get(PopFixture.GROUP)
                                    .mode())
                    .isEqualTo(MessageRequestMode.POP);
        }
    }

    @Test
    void shouldAllocateQueuesAsTheReferenceAveragelyStrategy() {
        AllocateMessageQueueAveragely reference = new AllocateMessageQueueAveragely();
        for (int queues = 1; queues <= 9; queues++) {
            for (int clients = 1; clients <= 5; clients++) {
                List<MessageQueue> all = new ArrayList<>();
                for (int q = 0; q < queues; q++) {
                    all.add(new MessageQueue("T", "b", q));
                }
                List<String> ids = new ArrayList<>();
                for (int c = 0; c < clients; c++) {
                    ids.add("client-" + c);
                }
                for (String id : ids) {
                    assertThat(QueueAllocation.averagely(all, ids, id))
                            .as(queues + " queues, " + clients + " clients, " + id)
                            .isEqualTo(reference.allocate("g", id, all, ids));
                }
            }
        }
    }

    private static List<MessageQueueAssignment> assignment(PopFixture f, String topic) {
        Wire.Reply reply =
                Wire.callJson(
                        f.server,
                        RequestCode.QUERY_ASSIGNMENT,
                        Map.of(),
                        new QueryAssignmentRequestBody(
                                topic,
                                PopFixture.GROUP,
                                "client-1",
                                "AVG",
                                MessageModel.CLUSTERING));
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        return new ArrayList<>(
                reply.json(QueryAssignmentResponseBody.class).messageQueueAssignments());
    }
}
