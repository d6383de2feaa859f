package io.bolide.admin;

import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.ConsumeStats;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.OffsetWrapper;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.SubscriptionGroupWrapper;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.DeleteSubscriptionGroupRequestHeader;
import io.bolide.protocol.header.GetConsumeStatsRequestHeader;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** {@code group list|create|lag|reset|delete}: consumer groups on each master of a cluster. */
final class GroupCommands {
    private GroupCommands() {}

    static Report run(String verb, CommandArgs args, AdminClient client) throws AdminException {
        switch (verb) {
            case "list":
                return list(client, args);
            case "create":
                return create(client, args);
            case "lag":
                return lag(client, args);
            case "delete":
                return delete(client, args);
            case "reset":
                return GroupReset.run(client, args);
            default:
                throw AdminException.usage("unknown group command: " + verb);
        }
    }

    private static Report list(AdminClient client, CommandArgs args) throws AdminException {
        Report report = new Report("broker", "group", "consumeEnable", "retryMaxTimes");
        for (String broker : ClusterCommand.targets(client, args)) {
            SubscriptionGroupWrapper groups =
                    client.decoded(
                            broker,
                            RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG,
                            null,
                            SubscriptionGroupWrapper.class);
            for (SubscriptionGroupConfig group :
                    new TreeMap<>(groups.subscriptionGroupTable()).values()) {
                report.row(broker, group.groupName(), group.consumeEnable(), group.retryMaxTimes());
            }
        }
        return report;
    }

    private static Report create(AdminClient client, CommandArgs args) throws AdminException {
        String group = args.required("--group");
        byte[] body = BodyCodec.encode(SubscriptionGroupConfig.builder(group).build());
        Report report = new Report("broker", "group", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, null, body);
            report.row(broker, group, "created");
        }
        return report;
    }

    private static Report lag(AdminClient client, CommandArgs args) throws AdminException {
        String group = args.required("--group");
        GetConsumeStatsRequestHeader header =
                new GetConsumeStatsRequestHeader()
                        .consumerGroup(group)
                        .topic(args.value("--topic"));
        Report report =
                new Report(
                        "topic", "brokerName", "queueId", "brokerOffset", "consumerOffset", "lag");
        for (String broker : ClusterCommand.targets(client, args)) {
            ConsumeStats stats =
                    client.decoded(
                            broker, RequestCode.GET_CONSUME_STATS, header, ConsumeStats.class);
            List<Map.Entry<MessageQueue, OffsetWrapper>> queues =
                    new ArrayList<>(stats.offsetTable().entrySet());
            queues.sort(
                    Comparator.comparing(
                                    (Map.Entry<MessageQueue, OffsetWrapper> e) ->
                                            e.getKey().topic())
                            .thenComparing(e -> e.getKey().brokerName())
                            .thenComparingInt(e -> e.getKey().queueId()));
            for (Map.Entry<MessageQueue, OffsetWrapper> queue : queues) {
                OffsetWrapper offset = queue.getValue();
                report.row(
                        queue.getKey().topic(),
                        queue.getKey().brokerName(),
                        queue.getKey().queueId(),
                        offset.brokerOffset(),
                        offset.consumerOffset(),
                        Math.max(0, offset.brokerOffset() - Math.max(0, offset.consumerOffset())));
            }
        }
        return report;
    }

    private static Report delete(AdminClient client, CommandArgs args) throws AdminException {
        String group = args.required("--group");
        DeleteSubscriptionGroupRequestHeader header =
                new DeleteSubscriptionGroupRequestHeader().groupName(group).cleanOffset(true);
        Report report = new Report("broker", "group", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, RequestCode.DELETE_SUBSCRIPTIONGROUP, header, null);
            report.row(broker, group, "deleted");
        }
        return report;
    }
}
