package io.bolide.admin;

import io.bolide.protocol.body.ConsumeStats;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.OffsetWrapper;
import io.bolide.protocol.body.ResetOffsetBody;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.header.GetConsumeStatsRequestHeader;
import io.bolide.protocol.header.ResetOffsetRequestHeader;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code group reset -g GROUP -t TOPIC --to-time TIME|--earliest}: INVOKE_BROKER_TO_RESET_OFFSET on
 * each master, forced (offsets may move forwards too). A broker with no member of the group online
 * stores the offsets and answers CONSUMER_NOT_ONLINE; the command then reads the stored offsets
 * back (GET_CONSUME_STATS) instead of failing, since the reset took effect.
 */
final class GroupReset {
    private GroupReset() {}

    static Report run(AdminClient client, CommandArgs args) throws AdminException {
        String group = args.required("--group");
        String topic = args.required("--topic");
        ResetOffsetRequestHeader header =
                new ResetOffsetRequestHeader()
                        .group(group)
                        .topic(topic)
                        .timestamp(timestamp(args))
                        .isForce(true);
        Report report = new Report("broker", "topic", "queueId", "offset");
        for (String broker : ClusterCommand.targets(client, args)) {
            AdminClient.Reply reply =
                    client.exchange(
                            broker, RequestCode.INVOKE_BROKER_TO_RESET_OFFSET, header, null);
            Map<Integer, Long> offsets = new TreeMap<>(Comparator.naturalOrder());
            if (reply.code() == ResponseCode.SUCCESS) {
                ResetOffsetBody body =
                        AdminClient.decode(reply.body(), ResetOffsetBody.class, broker);
                body.offsetTable().forEach((queue, offset) -> offsets.put(queue.queueId(), offset));
            } else if (reply.code() == ResponseCode.CONSUMER_NOT_ONLINE) {
                stored(client, broker, group, topic, offsets);
            } else {
                throw reply.refusal(broker);
            }
            offsets.forEach((queueId, offset) -> report.row(broker, topic, queueId, offset));
        }
        return report;
    }

    private static void stored(
            AdminClient client, String broker, String group, String topic, Map<Integer, Long> out)
            throws AdminException {
        ConsumeStats stats =
                client.decoded(
                        broker,
                        RequestCode.GET_CONSUME_STATS,
                        new GetConsumeStatsRequestHeader().consumerGroup(group).topic(topic),
                        ConsumeStats.class);
        for (Map.Entry<MessageQueue, OffsetWrapper> queue : stats.offsetTable().entrySet()) {
            out.put(queue.getKey().queueId(), queue.getValue().consumerOffset());
        }
    }

    /** {@code --earliest} is time 0 (each queue's first message); else epoch millis or ISO-8601. */
    private static long timestamp(CommandArgs args) throws AdminException {
        String time = args.value("--to-time");
        if (args.has("--earliest") == (time != null)) {
            throw AdminException.usage("give one of --to-time TIME and --earliest");
        }
        if (time == null) {
            return 0;
        }
        try {
            return time.chars().allMatch(Character::isDigit)
                    ? Long.parseLong(time)
                    : Instant.parse(time).toEpochMilli();
        } catch (NumberFormatException | DateTimeParseException e) {
            throw AdminException.usage(
                    "--to-time wants epoch millis or an ISO-8601 instant, not '" + time + "'");
        }
    }
}
