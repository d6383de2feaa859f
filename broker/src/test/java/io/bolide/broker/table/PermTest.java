package io.bolide.broker.table;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The permission bits as RocketMQ's PermName numbers them (6 = read and write). */
class PermTest {
    @Test
    void shouldReadTheBitsOfTheReferenceValues() {
        assertThat(Perm.readable(6)).isTrue();
        assertThat(Perm.writable(6)).isTrue();
        assertThat(Perm.inherits(6)).isFalse();
        assertThat(Perm.readable(2)).isFalse();
        assertThat(Perm.writable(4)).isFalse();
        assertThat(Perm.inherits(7)).isTrue();
        assertThat(Perm.READ | Perm.WRITE | Perm.INHERIT).isEqualTo(7);
    }
}
