package io.bolide.namesrv;

import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RemotingServer;
import io.bolide.remoting.UpdateConfigHandler;
import java.util.concurrent.Executor;

/**
 * The name server's request codes and their handlers, in one place. Reads run on the I/O threads:
 * they take a read lock and copy a little. Registrations decode a whole topic table, so they run on
 * their own executor.
 */
final class RequestTable {
    private RequestTable() {}

    static void install(
            RemotingServer server,
            RouteTable routes,
            KvConfigTable kv,
            ConnectionWatch watch,
            Executor registrations,
            NameServerSettings settings) {
        server.registerHandler(
                RequestCode.REGISTER_BROKER,
                new RegisterBrokerHandler(routes, kv, watch, settings.maxFrame()),
                registrations);
        server.registerHandler(RequestCode.UNREGISTER_BROKER, new UnregisterBrokerHandler(routes));
        server.registerHandler(RequestCode.GET_ROUTEINFO_BY_TOPIC, new RouteInfoHandler(routes));
        server.registerHandler(RequestCode.GET_BROKER_CLUSTER_INFO, new ClusterInfoHandler(routes));
        server.registerHandler(
                RequestCode.GET_ALL_TOPIC_LIST_FROM_NAMESERVER, new AllTopicListHandler(routes));
        server.registerHandler(
                RequestCode.GET_TOPICS_BY_CLUSTER, new TopicsByClusterHandler(routes));
        server.registerHandler(
                RequestCode.GET_SYSTEM_TOPIC_LIST_FROM_NS, new SystemTopicListHandler(routes));
        installGroupAndUnitLists(server, routes);
        server.registerHandler(RequestCode.QUERY_DATA_VERSION, new QueryDataVersionHandler(routes));
        server.registerHandler(RequestCode.BROKER_HEARTBEAT, new BrokerHeartbeatHandler(routes));
        server.registerHandler(RequestCode.GET_KV_CONFIG, new GetKvConfigHandler(kv));
        server.registerHandler(RequestCode.PUT_KV_CONFIG, new PutKvConfigHandler(kv));
        server.registerHandler(RequestCode.DELETE_KV_CONFIG, new DeleteKvConfigHandler(kv));
        server.registerHandler(RequestCode.GET_KVLIST_BY_NAMESPACE, new KvListHandler(kv));
        server.registerHandler(RequestCode.DELETE_TOPIC_IN_NAMESRV, new DeleteTopicHandler(routes));
        server.registerHandler(
                RequestCode.REGISTER_TOPIC_IN_NAMESRV, new RegisterTopicHandler(routes));
        server.registerHandler(
                RequestCode.WIPE_WRITE_PERM_OF_BROKER, new WipeWritePermHandler(routes));
        server.registerHandler(
                RequestCode.ADD_WRITE_PERM_OF_BROKER, new AddWritePermHandler(routes));
        server.registerHandler(
                RequestCode.GET_NAMESRV_CONFIG, new GetNamesrvConfigHandler(settings));
        server.registerHandler(
                RequestCode.UPDATE_NAMESRV_CONFIG, new UpdateConfigHandler(settings::update));
    }

    /** GET_BROKER_MEMBER_GROUP (901) and the unit-topic lists (311-313). */
    private static void installGroupAndUnitLists(RemotingServer server, RouteTable routes) {
        server.registerHandler(
                RequestCode.GET_BROKER_MEMBER_GROUP, new BrokerMemberGroupHandler(routes));
        server.registerHandler(RequestCode.GET_UNIT_TOPIC_LIST, UnitTopicListHandler.unit(routes));
        server.registerHandler(
                RequestCode.GET_HAS_UNIT_SUB_TOPIC_LIST,
                UnitTopicListHandler.withUnitSubscriptions(routes));
        server.registerHandler(
                RequestCode.GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST,
                UnitTopicListHandler.withUnitSubscriptionsOnly(routes));
    }
}
