package io.bolide.remoting;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.testsupport.LeakCheck;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A server with named listeners binds each of them (on Linux every 127.0.0.0/8 address is loopback)
 * and tells a handler which one a request came in through.
 */
@ExtendWith(LeakCheck.class)
class NamedListenersTest {
    private static final int WHICH = 101;

    @Test
    void shouldBindEveryListenerAndNameTheOneAConnectionCameThrough() throws Exception {
        RemotingServer server =
                new RemotingServer(
                        RemotingServerConfig.builder()
                                .listeners(
                                        NamedAddresses.parse(
                                                "internal=127.0.0.1:0;external=127.0.0.2:0"))
                                .build());
        server.registerHandler(
                WHICH,
                (request, exchange) -> exchange.respond(0, exchange.connection().listener()));
        server.start();
        try (RemotingClient client = new RemotingClient(RemotingClientConfig.builder().build())) {
            assertThat(server.port()).isEqualTo(server.port("internal"));
            assertThat(listenerSeenAt(client, "127.0.0.1:" + server.port("internal")))
                    .isEqualTo("internal");
            assertThat(listenerSeenAt(client, "127.0.0.2:" + server.port("external")))
                    .isEqualTo("external");
            assertThatThrownBy(() -> server.port("dmz"))
                    .isInstanceOf(IllegalArgumentException.class);
        } finally {
            server.shutdown(Duration.ofSeconds(1));
        }
    }

    @Test
    void shouldNameNoListenerOnASinglePort() throws Exception {
        RemotingServer server =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        server.registerHandler(
                WHICH,
                (request, exchange) -> exchange.respond(0, exchange.connection().listener()));
        server.start();
        try (RemotingClient client = new RemotingClient(RemotingClientConfig.builder().build())) {
            assertThat(listenerSeenAt(client, "127.0.0.1:" + server.port())).isEmpty();
        } finally {
            server.shutdown(Duration.ofSeconds(1));
        }
    }

    @Test
    void shouldFailToStartWhenAListenerCannotBind() throws Exception {
        RemotingServer first =
                new RemotingServer(RemotingServerConfig.builder().bindAddress("127.0.0.1").build());
        first.start();
        try {
            RemotingServer second =
                    new RemotingServer(
                            RemotingServerConfig.builder()
                                    .listeners(
                                            NamedAddresses.parse(
                                                    "a=127.0.0.2:0;b=127.0.0.1:" + first.port()))
                                    .build());
            assertThatThrownBy(second::start)
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("127.0.0.1:" + first.port());
        } finally {
            first.shutdown(Duration.ofSeconds(1));
        }
    }

    @Test
    void shouldParseAndPrintNamedAddresses() {
        NamedAddresses parsed = NamedAddresses.parse(" in=10.0.0.5:10911 ; out=[::1]:30911;");
        assertThat(parsed.asMap())
                .containsExactly(
                        java.util.Map.entry("in", "10.0.0.5:10911"),
                        java.util.Map.entry("out", "[::1]:30911"));
        assertThat(parsed.toString()).isEqualTo("in=10.0.0.5:10911;out=[::1]:30911");
        assertThat(NamedAddresses.host("[::1]:30911")).isEqualTo("::1");
        assertThat(NamedAddresses.parse("")).isSameAs(NamedAddresses.NONE);
        for (String bad :
                new String[] {"in", "in=host", "in=host:99999", "=h:1", "a b=h:1", "a=h:1;a=h:2"}) {
            assertThatThrownBy(() -> NamedAddresses.parse(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class);
        }
    }

    private static String listenerSeenAt(RemotingClient client, String address) throws Exception {
        RemotingCommand response = client.invokeSync(address, WHICH, null, null, 3000);
        try {
            return response.remark() == null ? "" : response.remark();
        } finally {
            response.release();
        }
    }
}
