package io.bolide.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

class HaPortHoldTest {
    @Test
    void shouldKeepThePortFromOthersUntilReleased() throws IOException {
        int port = freePort();
        HaPortHold hold = HaPortHold.of("127.0.0.1", port);
        assertThat(hold.holds()).isTrue();
        assertThatThrownBy(() -> bind(port)).isInstanceOf(BindException.class);
        hold.close();
        assertThat(hold.holds()).isFalse();
        bind(port); // the master's listener can take it now
    }

    @Test
    void shouldHoldNothingForAPortTakenOrChosenAtBindTime() throws IOException {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            assertThat(HaPortHold.of("127.0.0.1", taken.getLocalPort()).holds()).isFalse();
        }
        assertThat(HaPortHold.of("127.0.0.1", 0)).isSameAs(HaPortHold.NONE);
    }

    private static void bind(int port) throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", port));
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
