package io.bolide.admin;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.MessageQueue;
import io.bolide.protocol.body.QueueData;
import io.bolide.protocol.body.TopicList;
import io.bolide.protocol.body.TopicOffset;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.body.TopicStatsTable;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.header.CreateTopicRequestHeader;
import io.bolide.protocol.header.DeleteTopicFromNamesrvRequestHeader;
import io.bolide.protocol.header.GetRouteInfoRequestHeader;
import io.bolide.protocol.header.TopicRequestHeader;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** {@code topic list|route|status|create|update|delete}. */
final class TopicCommands {
    private static final int DEFAULT_QUEUES = 8;
    private static final int READ_WRITE = 6;

    private TopicCommands() {}

    static Report run(String verb, CommandArgs args, AdminClient client) throws AdminException {
        switch (verb) {
            case "list":
                return list(client);
            case "route":
                return route(client, args.required("--topic"));
            case "status":
                return status(client, args.required("--topic"));
            case "create":
                return create(client, args, "created");
            case "update":
                route(client, args.required("--topic")); // refuses an unknown topic
                return create(client, args, "updated");
            case "delete":
                return delete(client, args);
            default:
                throw AdminException.usage("unknown topic command: " + verb);
        }
    }

    private static Report list(AdminClient client) throws AdminException {
        TopicList topics =
                client.nameServer(
                        RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, null, TopicList.class);
        Report report = new Report("topic");
        for (String topic : new TreeSet<>(topics.topicList())) {
            report.row(topic);
        }
        return report;
    }

    private static Report route(AdminClient client, String topic) throws AdminException {
        TopicRouteData route = routeData(client, topic);
        Report report = new Report("brokerName", "address", "readQueues", "writeQueues", "perm");
        List<QueueData> queues = new ArrayList<>(route.queueDatas());
        queues.sort(Comparator.comparing(QueueData::brokerName));
        for (QueueData queue : queues) {
            report.row(
                    queue.brokerName(),
                    master(route, queue.brokerName()),
                    queue.readQueueNums(),
                    queue.writeQueueNums(),
                    Perm.text(queue.perm()));
        }
        return report;
    }

    private static Report status(AdminClient client, String topic) throws AdminException {
        TopicRouteData route = routeData(client, topic);
        Report report =
                new Report("brokerName", "queueId", "minOffset", "maxOffset", "lastUpdated");
        for (String brokerName : new TreeSet<>(brokerNames(route))) {
            String address = master(route, brokerName);
            if (address == null) {
                continue;
            }
            TopicStatsTable stats =
                    client.decoded(
                            address,
                            RequestCode.GET_TOPIC_STATS_INFO,
                            new TopicRequestHeader().topic(topic),
                            TopicStatsTable.class);
            List<Map.Entry<MessageQueue, TopicOffset>> queues =
                    new ArrayList<>(stats.offsetTable().entrySet());
            queues.sort(Comparator.comparingInt(e -> e.getKey().queueId()));
            for (Map.Entry<MessageQueue, TopicOffset> queue : queues) {
                TopicOffset offset = queue.getValue();
                report.row(
                        brokerName,
                        queue.getKey().queueId(),
                        offset.minOffset(),
                        offset.maxOffset(),
                        time(offset.lastUpdateTimestamp()));
            }
        }
        return report;
    }

    private static Report create(AdminClient client, CommandArgs args, String outcome)
            throws AdminException {
        String topic = args.required("--topic");
        CreateTopicRequestHeader header =
                new CreateTopicRequestHeader()
                        .topic(topic)
                        .defaultTopic("TBW102")
                        .readQueueNums(args.intValue("--read-queues", DEFAULT_QUEUES))
                        .writeQueueNums(args.intValue("--write-queues", DEFAULT_QUEUES))
                        .perm(args.intValue("--perm", READ_WRITE))
                        .topicFilterType("SINGLE_TAG")
                        .topicSysFlag(0)
                        .order(false);
        Report report = new Report("broker", "topic", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(broker, RequestCode.UPDATE_AND_CREATE_TOPIC, header, null);
            report.row(broker, topic, outcome);
        }
        return report;
    }

    private static Report delete(AdminClient client, CommandArgs args) throws AdminException {
        String topic = args.required("--topic");
        String cluster = args.value("--cluster");
        Report report = new Report("broker", "topic", "result");
        for (String broker : ClusterCommand.targets(client, args)) {
            client.call(
                    broker,
                    RequestCode.DELETE_TOPIC_IN_BROKER,
                    new TopicRequestHeader().topic(topic),
                    null);
            report.row(broker, topic, "deleted");
        }
        client.call(
                client.nameServer(),
                RequestCode.DELETE_TOPIC_IN_NAMESRV,
                new DeleteTopicFromNamesrvRequestHeader().topic(topic).clusterName(cluster),
                null);
        report.row(client.nameServer(), topic, "deleted");
        return report;
    }

    static TopicRouteData routeData(AdminClient client, String topic) throws AdminException {
        return client.nameServer(
                RequestCode.GET_ROUTEINFO_BY_TOPIC,
                new GetRouteInfoRequestHeader().topic(topic).acceptStandardJsonOnly(true),
                TopicRouteData.class);
    }

    private static List<String> brokerNames(TopicRouteData route) {
        return route.queueDatas().stream().map(QueueData::brokerName).toList();
    }

    private static String master(TopicRouteData route, String brokerName) {
        for (BrokerData broker : route.brokerDatas()) {
            if (broker.brokerName().equals(brokerName)) {
                return broker.brokerAddrs().get(0L);
            }
        }
        return null;
    }

    private static String time(long millis) {
        return millis <= 0 ? null : Instant.ofEpochMilli(millis).toString();
    }
}
