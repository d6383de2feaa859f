package io.bolide.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DecimalTest {
    @Test
    void shouldWriteTwoDecimalPlacesRounded() {
        assertThat(Decimal.twoPlaces(0)).isEqualTo("0.00");
        assertThat(Decimal.twoPlaces(12.5)).isEqualTo("12.50");
        assertThat(Decimal.twoPlaces(3.14159)).isEqualTo("3.14");
        assertThat(Decimal.twoPlaces(0.005)).isEqualTo("0.01");
        assertThat(Decimal.twoPlaces(-1.25)).isEqualTo("-1.25");
    }

    @Test
    void shouldJoinThreeRatesWithSpacesAsTheReferenceTpsText() {
        assertThat(Decimal.tps(1, 2.5, 0.333)).isEqualTo("1.00 2.50 0.33");
    }

    @Test
    void shouldWriteRatioWithFourDecimalsClampedToUnitInterval() {
        assertThat(Decimal.ratio(0.12345)).isEqualTo("0.1235");
        assertThat(Decimal.ratio(0.05)).isEqualTo("0.0500");
        assertThat(Decimal.ratio(1)).isEqualTo("1.0000");
        assertThat(Decimal.ratio(2)).isEqualTo("1.0000");
        assertThat(Decimal.ratio(-1)).isEqualTo("0.0000");
    }

    @Test
    void shouldWordUptimeInDaysHoursMinutesSeconds() {
        long millis = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000L + 999;
        assertThat(Decimal.uptime(millis)).isEqualTo("[ 2 days, 3 hours, 4 minutes, 5 seconds ]");
    }
}
