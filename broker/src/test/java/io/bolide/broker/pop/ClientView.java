package io.bolide.broker.pop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageExt;
import org.apache.rocketmq.remoting.protocol.header.ExtraInfoUtil;

/**
 * What the official client does with a POP answer, with Apache's own ExtraInfoUtil (the oracle):
 * parse the header's offset fields and build each message's receipt handle ({@code POP_CK}).
 */
final class ClientView {
    private ClientView() {}

    static void attachHandles(
            List<MessageExt> messages, Map<String, String> header, String broker) {
        Map<String, Long> start = ExtraInfoUtil.parseStartOffsetInfo(header.get("startOffsetInfo"));
        Map<String, List<Long>> offsets =
                ExtraInfoUtil.parseMsgOffsetInfo(header.get("msgOffsetInfo"));
        long popTime = Long.parseLong(header.get("popTime"));
        long invisible = Long.parseLong(header.get("invisibleTime"));
        int reviveQid = Integer.parseInt(header.get("reviveQid"));
        for (MessageExt m : messages) {
            String key = ExtraInfoUtil.getStartOffsetInfoMapKey(m.getTopic(), m.getQueueId());
            assertThat(start).containsKey(key);
            assertThat(offsets.get(key)).contains(m.getQueueOffset());
            String handle =
                    ExtraInfoUtil.buildExtraInfo(
                            start.get(key),
                            popTime,
                            invisible,
                            reviveQid,
                            m.getTopic(),
                            broker,
                            m.getQueueId(),
                            m.getQueueOffset());
            MessageAccessor.putProperty(m, "POP_CK", handle);
        }
    }
}
