package io.bolide.systest;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.rocketmq.client.consumer.PullResult;
import org.apache.rocketmq.client.consumer.PullStatus;
import org.apache.rocketmq.client.impl.CommunicationMode;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.impl.consumer.PullResultExt;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.common.sysflag.PullSysFlag;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;

/**
 * Reads a queue's messages from one broker of a group, chosen by address (the master or a slave),
 * with the official client's own pull call: a consumer would pick the member for itself.
 */
final class QueueReader {
    static final String GROUP = "fault-reader";
    private static final long TIMEOUT_MS = 10_000;

    private final MQClientAPIImpl api;

    QueueReader(DefaultMQAdminExt admin) {
        this.api = admin.getDefaultMQAdminExtImpl().getMqClientInstance().getMQClientAPIImpl();
    }

    /** The queue's end (its next offset) on the broker at {@code address}. */
    long maxOffset(String address, String topic, String brokerName, int queue) throws Exception {
        return api.getMaxOffset(address, new MessageQueue(topic, brokerName, queue), TIMEOUT_MS);
    }

    /** Every message of {@code queue} from {@code from} up to {@code to}, decoded. */
    List<MessageExt> read(String address, String topic, int queue, long from, long to)
            throws Exception {
        List<MessageExt> messages = new ArrayList<>();
        long offset = from;
        long deadline = System.nanoTime() + Clients.DEADLINE.toNanos();
        while (offset < to) {
            PullResult result =
                    api.pullMessage(
                            address,
                            header(topic, queue, offset),
                            TIMEOUT_MS,
                            CommunicationMode.SYNC,
                            null);
            if (result.getPullStatus() == PullStatus.FOUND) {
                byte[] binary = ((PullResultExt) result).getMessageBinary();
                messages.addAll(MessageDecoder.decodes(ByteBuffer.wrap(binary)));
                offset = result.getNextBeginOffset();
            } else if (System.nanoTime() > deadline) {
                throw new AssertionError(
                        "queue "
                                + queue
                                + " at "
                                + address
                                + " stays "
                                + result.getPullStatus()
                                + " at offset "
                                + offset
                                + " below "
                                + to);
            }
        }
        return messages;
    }

    private static PullMessageRequestHeader header(String topic, int queue, long offset) {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(GROUP);
        header.setTopic(topic);
        header.setQueueId(queue);
        header.setQueueOffset(offset);
        header.setMaxMsgNums(256);
        header.setSysFlag(PullSysFlag.buildSysFlag(false, false, true, false));
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(0L);
        header.setSubscription("*");
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        return header;
    }
}
