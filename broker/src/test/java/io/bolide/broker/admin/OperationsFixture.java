package io.bolide.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.broker.BrokerConsumerTest;
import io.bolide.broker.EmbeddedBroker;
import io.bolide.broker.stats.StatsFeature;
import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.broker.topic.TopicFeature;
import io.bolide.testsupport.Await;
import java.io.IOException;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.apache.rocketmq.remoting.protocol.header.SendMessageResponseHeader;

/**
 * An embedded broker serving the operations codes with the send, consumer, topic and statistics
 * features beside them; the channel plays the admin tool and the client at once.
 */
final class OperationsFixture implements AutoCloseable {
    static final String GROUP = "cg";
    static final String TOPIC = "Ops";

    final EmbeddedBroker broker;

    OperationsFixture() throws IOException {
        broker = EmbeddedBroker.open();
        OperationsPlane.install(
                broker.codes(),
                new Tables(
                        broker.topics(),
                        broker.offsets(),
                        broker.groups(),
                        broker.clients(),
                        broker.config().brokerName(),
                        broker.self().address()),
                broker.store(),
                broker.stats());
        StatsFeature.install(broker.codes(), broker.stats());
        broker.installConsumer();
        broker.installSend();
        TopicFeature.install(broker.codes(), broker.topics(), broker.offsets(), broker.store());
        broker.topics().put(TopicTable.config(TOPIC, 2, Perm.READ | Perm.WRITE));
    }

    RemotingCommand call(int code, CommandCustomHeader header) {
        return broker.call(code, header, null, SerializeType.JSON);
    }

    RemotingCommand call(int code, CommandCustomHeader header, byte[] body) {
        return broker.call(code, header, body, SerializeType.JSON);
    }

    /** Sends one message to {@code queueId} and waits until it is readable; its offset id. */
    String send(int queueId, byte[] body) {
        RemotingCommand sent =
                broker.call(
                        RequestCode.SEND_MESSAGE_V2,
                        SendMessageRequestHeaderV2.createSendMessageRequestHeaderV2(
                                ApacheCalls.sendHeader(TOPIC, queueId, "T")),
                        body,
                        SerializeType.ROCKETMQ);
        assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        try {
            SendMessageResponseHeader header =
                    sent.decodeCommandCustomHeader(SendMessageResponseHeader.class);
            Await.until(
                    () -> broker.store().maxOffset(TOPIC, queueId) > header.getQueueOffset(),
                    "dispatch");
            return header.getMsgId();
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    /** Heartbeats as member {@code clientId}, skipping the broker's change notifications. */
    void heartbeat(String clientId) {
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.HEART_BEAT, null);
        request.setBody(BrokerConsumerTest.heartbeat(clientId, GROUP, TOPIC, "*"));
        broker.write(request);
        RemotingCommand beat = broker.nextAnswer();
        assertThat(beat).isNotNull();
        assertThat(beat.getCode()).as(beat.getRemark()).isZero();
    }

    @Override
    public void close() throws IOException {
        broker.close();
    }
}
