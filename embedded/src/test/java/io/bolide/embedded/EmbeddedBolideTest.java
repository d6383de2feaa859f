package io.bolide.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class EmbeddedBolideTest {

    @Test
    void shouldServeOnFreePortsAndDeleteStoreOnClose() throws Exception {
        Path store;
        try (EmbeddedBolide bolide = EmbeddedBolide.start()) {
            store = bolide.storeDirectory();
            assertThat(store).isDirectory();
            assertConnectable(bolide.nameServerAddress());
            assertConnectable(bolide.brokerAddress());
            assertThat(bolide.brokerAddress()).startsWith("127.0.0.1:");
        }
        assertThat(Files.exists(store)).isFalse();
    }

    @Test
    void shouldRestartBrokerOnSamePortWithSameStore() throws Exception {
        try (EmbeddedBolide bolide = EmbeddedBolide.start()) {
            String before = bolide.brokerAddress();
            bolide.restartBroker();
            assertThat(bolide.brokerAddress()).isEqualTo(before);
            assertConnectable(bolide.brokerAddress());
            assertThat(bolide.storeDirectory()).isDirectory();
        }
    }

    @Test
    void shouldRestartOnItsOwnHaPortWhenListenPortPlusOneIsTaken() throws Exception {
        try (EmbeddedBolide bolide = EmbeddedBolide.start()) {
            int haPort = bolide.broker().haPort();
            assertThat(haPort).isPositive();
            // On a shared host listen port + 1 (a restarted broker's default HA port) may have
            // been taken meanwhile by any socket; the restart must not depend on it being free.
            ServerSocket squatter = occupy(bolide.broker().port() + 1);
            try {
                bolide.restartBroker();
                assertThat(bolide.broker().haPort()).isEqualTo(haPort);
                assertConnectable("127.0.0.1:" + haPort);
            } finally {
                squatter.close();
            }
        }
    }

    /** Binds {@code port} if it is free (it usually is: the broker's HA port is elsewhere). */
    private static ServerSocket occupy(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        try {
            socket.bind(new InetSocketAddress(port));
        } catch (IOException taken) {
            // Someone else holds it already: the restart is just as exposed.
        }
        return socket;
    }

    @Test
    void shouldApplyBrokerCustomization() throws Exception {
        try (EmbeddedBolide bolide = EmbeddedBolide.start(b -> b.brokerName("broker-z"))) {
            assertThat(bolide.broker().config().brokerName()).isEqualTo("broker-z");
        }
    }

    static void assertConnectable(String address) throws Exception {
        int colon = address.lastIndexOf(':');
        try (Socket socket = new Socket()) {
            socket.connect(
                    new InetSocketAddress(
                            address.substring(0, colon),
                            Integer.parseInt(address.substring(colon + 1))),
                    3000);
            assertThat(socket.isConnected()).isTrue();
        }
    }
}
