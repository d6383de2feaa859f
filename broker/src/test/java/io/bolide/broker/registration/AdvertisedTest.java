package io.bolide.broker.registration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.InetAddress;
import org.junit.jupiter.api.Test;

/** What the broker advertises: the configured host, or one chosen from the interfaces. */
class AdvertisedTest {
    @Test
    void shouldAdvertiseTheConfiguredHostAtTheListenPort() {
        Advertised self = Advertised.choose("10.20.30.40", 10911);

        assertThat(self.address()).isEqualTo("10.20.30.40:10911");
        assertThat(self.port()).isEqualTo(10911);
        assertThat(self.hostBytes()).containsExactly(10, 20, 30, 40);
    }

    @Test
    void shouldChooseASiteLocalOrLoopbackIpv4AddressWhenNoneIsConfigured() throws Exception {
        String host = AdvertisedHost.choose("");

        InetAddress address = InetAddress.getByName(host);
        assertThat(address.getAddress()).hasSize(4);
        assertThat(address.isSiteLocalAddress() || address.isLoopbackAddress()).isTrue();
        assertThat(Advertised.choose("", 1).address()).isEqualTo(host + ":1");
    }

    @Test
    void shouldKeepAConfiguredHostNameAndStoreItsResolvedAddress() {
        Advertised self = Advertised.choose("localhost", 9876);

        assertThat(self.address()).isEqualTo("localhost:9876");
        assertThat(self.hostBytes()).isNotEmpty();
    }

    @Test
    void shouldRefuseAHostThatCannotBeResolved() {
        assertThatThrownBy(() -> Advertised.choose("[::zz]", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("cannot resolve brokerIP1 [::zz]");
    }
}
