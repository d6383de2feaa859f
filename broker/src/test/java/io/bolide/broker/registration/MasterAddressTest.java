package io.bolide.broker.registration;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class MasterAddressTest {
    private final List<String> told = new ArrayList<>();

    @Test
    void shouldTellEachNewHaAddressOnceAndFollowTheMastersAddressEvenToNone() {
        MasterAddress master = new MasterAddress("");
        master.listen(told::add);
        assertThat(told).isEmpty();

        master.learned("10.0.0.1:10911", "10.0.0.1:10912");
        master.learned("10.0.0.1:10911", "10.0.0.1:10912");
        assertThat(told).containsExactly("10.0.0.1:10912");
        assertThat(master.master()).isEqualTo("10.0.0.1:10911");

        master.learned(null, null);
        assertThat(master.master()).as("no live master: stop copying").isNull();
        assertThat(master.haAddress()).as("the HA client keeps trying the last").isNotNull();

        master.learned("10.0.0.2:10911", "10.0.0.2:10912");
        assertThat(told).containsExactly("10.0.0.1:10912", "10.0.0.2:10912");
    }

    @Test
    void shouldKeepAConfiguredHaAddressAndTellItToLateListeners() {
        MasterAddress master = new MasterAddress("10.9.9.9:10912");
        master.learned("10.0.0.1:10911", "10.0.0.1:10912");
        master.listen(told::add);

        assertThat(told).containsExactly("10.9.9.9:10912");
        assertThat(master.master()).isEqualTo("10.0.0.1:10911");
    }
}
