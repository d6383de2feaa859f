package io.bolide.namesrv;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.remoting.NamedAddresses;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Static topics (#38): the mapping infos brokers register reach the route as {@code
 * topicQueueMappingByBroker}, keyed by each info's broker name, and leave with the group.
 */
class StaticMappingRouteTest {
    private final RouteTable routes = new RouteTable(() -> 1_000L, 120_000);

    private static Map<String, Object> info(String broker, int logic, int physical) {
        return Map.of(
                "topic",
                "S",
                "bname",
                broker,
                "totalQueues",
                2,
                "epoch",
                7,
                "currIdMap",
                Map.of(String.valueOf(logic), physical));
    }

    private void register(String broker, String address, Map<String, Object> info, long counter) {
        TopicConfigSerializeWrapper table =
                new TopicConfigSerializeWrapper(
                        Map.of("S", RouteTableTest.topic("S", 1, 6)),
                        new DataVersion(0, 1, counter),
                        new DataVersion(0, 1, counter),
                        Map.of("S", info),
                        null);
        routes.register(
                new Registration(
                        "c1",
                        address,
                        broker,
                        0,
                        address + "-ha",
                        null,
                        null,
                        false,
                        table,
                        List.of(),
                        new Object(),
                        NamedAddresses.NONE));
    }

    @Test
    void shouldRouteEachGroupsMappingAndDropItWithTheGroup() {
        register("b1", "10.0.0.1:10911", info("b1", 0, 0), 1);
        register("b2", "10.0.0.2:10911", info("b2", 1, 0), 1);

        Map<String, Object> mapping = routes.route("S").topicQueueMappingByBroker();
        assertThat(mapping).containsOnlyKeys("b1", "b2");
        assertThat(mapping.get("b2")).isEqualTo(info("b2", 1, 0));
        assertThat(routes.route("S").queueDatas()).hasSize(2);

        routes.unregister("c1", "10.0.0.2:10911", "b2");
        assertThat(routes.route("S").topicQueueMappingByBroker()).containsOnlyKeys("b1");
    }

    @Test
    void shouldLeaveAnOrdinaryTopicsRouteWithoutAMapping() {
        routes.register(
                new Registration(
                        "c1",
                        "10.0.0.1:10911",
                        "b1",
                        0,
                        "ha",
                        null,
                        null,
                        false,
                        RouteTableTest.topics(
                                new DataVersion(0, 1, 1), RouteTableTest.topic("T", 4, 6)),
                        List.of(),
                        new Object(),
                        NamedAddresses.NONE));
        assertThat(routes.route("T").topicQueueMappingByBroker()).isNull();
    }
}
