package io.bolide.namesrv;

import static io.bolide.namesrv.RouteTableTest.topic;
import static io.bolide.namesrv.RouteTableTest.topics;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.body.BrokerData;
import io.bolide.protocol.body.DataVersion;
import io.bolide.remoting.NamedAddresses;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Routes and cluster info per listener: each broker at the address it advertised for it. */
class AdvertisedRoutesTest {
    private static final DataVersion V1 = new DataVersion(0, 1000, 1);
    private static final String MASTER = "10.0.0.1:10911";
    private static final String SLAVE = "10.0.0.2:10911";

    private final AtomicLong clock = new AtomicLong(5_000_000);
    private final RouteTable routes = new RouteTable(clock::get, 120_000);

    private void register(long id, String address, String advertised) {
        routes.register(
                new Registration(
                        "c1",
                        address,
                        "b1",
                        id,
                        address + "-ha",
                        null,
                        null,
                        false,
                        topics(V1, topic("T", 4, 6)),
                        List.of(),
                        new Object(),
                        NamedAddresses.parse(advertised)));
    }

    @Test
    void shouldAnswerEachListenerWithTheAddressesAdvertisedForIt() {
        register(0, MASTER, "internal=10.0.0.1:10911;external=203.0.113.7:30911");
        register(1, SLAVE, "internal=10.0.0.2:10911;external=203.0.113.7:30912");

        assertThat(routes.route("T", "external").brokerDatas())
                .containsExactly(
                        new BrokerData(
                                "c1",
                                "b1",
                                Map.of(0L, "203.0.113.7:30911", 1L, "203.0.113.7:30912"),
                                false,
                                null));
        assertThat(routes.clusterInfo("external").brokerAddrTable().get("b1").brokerAddrs())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of(0L, "203.0.113.7:30911", 1L, "203.0.113.7:30912"));
        assertThat(routes.route("T", "internal").brokerDatas().get(0).brokerAddrs())
                .containsExactlyInAnyOrderEntriesOf(Map.of(0L, MASTER, 1L, SLAVE));
    }

    @Test
    void shouldAnswerTheRegisteredAddressWithoutAListenerOrAnAddressForIt() {
        register(0, MASTER, "external=203.0.113.7:30911");
        register(1, SLAVE, "");

        assertThat(routes.route("T").brokerDatas().get(0).brokerAddrs())
                .as("no listener: as today")
                .containsExactlyInAnyOrderEntriesOf(Map.of(0L, MASTER, 1L, SLAVE));
        assertThat(routes.route("T", "dmz").brokerDatas().get(0).brokerAddrs())
                .as("a listener the broker advertised nothing for")
                .containsExactlyInAnyOrderEntriesOf(Map.of(0L, MASTER, 1L, SLAVE));
        assertThat(routes.route("T", "external").brokerDatas().get(0).brokerAddrs())
                .as("only the broker that advertised one moves")
                .containsExactlyInAnyOrderEntriesOf(Map.of(0L, "203.0.113.7:30911", 1L, SLAVE));
    }

    @Test
    void shouldFollowTheLatestRegistrationsAddresses() {
        register(0, MASTER, "external=203.0.113.7:30911");
        register(0, MASTER, "external=198.51.100.9:31000");

        assertThat(routes.route("T", "external").brokerDatas().get(0).brokerAddrs())
                .containsExactly(Map.entry(0L, "198.51.100.9:31000"));

        routes.unregister("c1", MASTER, "b1");

        assertThat(routes.clusterInfo("external").brokerAddrTable()).isEmpty();
    }
}
