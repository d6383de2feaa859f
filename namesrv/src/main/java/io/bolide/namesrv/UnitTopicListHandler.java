package io.bolide.namesrv;

import io.bolide.protocol.body.TopicList;
import io.bolide.protocol.body.TopicRouteData;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * The name server's unit-topic lists, read from the topic system flag the brokers register with
 * each topic's queues (bit 0: a unit topic, bit 1: a topic with unit subscriptions):
 *
 * <ul>
 *   <li>GET_UNIT_TOPIC_LIST (311): the unit topics;
 *   <li>GET_HAS_UNIT_SUB_TOPIC_LIST (312): the topics with unit subscriptions;
 *   <li>GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST (313): those of them that are not unit topics.
 * </ul>
 *
 * As in the reference, a topic's flag is that of the first broker name serving it (here: of a live
 * one); Bolide's own topics carry flag 0, so the lists hold what other brokers registered with such
 * flags.
 */
final class UnitTopicListHandler implements RequestHandler {
    /** A unit topic. */
    static final int FLAG_UNIT = 0x1;

    /** A topic with unit subscriptions. */
    static final int FLAG_UNIT_SUB = 0x2;

    private final RouteTable routes;
    private final IntPredicate selects;

    private UnitTopicListHandler(RouteTable routes, IntPredicate selects) {
        this.routes = routes;
        this.selects = selects;
    }

    static UnitTopicListHandler unit(RouteTable routes) {
        return new UnitTopicListHandler(routes, flag -> (flag & FLAG_UNIT) != 0);
    }

    static UnitTopicListHandler withUnitSubscriptions(RouteTable routes) {
        return new UnitTopicListHandler(routes, flag -> (flag & FLAG_UNIT_SUB) != 0);
    }

    static UnitTopicListHandler withUnitSubscriptionsOnly(RouteTable routes) {
        return new UnitTopicListHandler(
                routes, flag -> (flag & FLAG_UNIT) == 0 && (flag & FLAG_UNIT_SUB) != 0);
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        Set<String> selected = new LinkedHashSet<>();
        for (String topic : routes.catalog().allTopics().topicList()) {
            TopicRouteData route = routes.route(topic);
            if (route != null
                    && !route.queueDatas().isEmpty()
                    && selects.test(route.queueDatas().get(0).topicSysFlag())) {
                selected.add(topic);
            }
        }
        exchange.respond(
                ResponseCode.SUCCESS, null, null, JsonBody.of(new TopicList(selected, null)));
    }
}
