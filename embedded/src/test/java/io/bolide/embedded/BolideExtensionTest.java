package io.bolide.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(BolideExtension.class)
class BolideExtensionTest {

    @Test
    void shouldResolveBolideAndNameServerAddress(
            EmbeddedBolide bolide, @NameServerAddress String nameServer) throws Exception {
        assertThat(nameServer).isEqualTo(bolide.nameServerAddress());
        EmbeddedBolideTest.assertConnectable(nameServer);
    }

    @Nested
    class WhenNested {
        @Test
        void shouldShareTheOuterClassInstance(@NameServerAddress String nameServer)
                throws Exception {
            EmbeddedBolideTest.assertConnectable(nameServer);
        }
    }
}
