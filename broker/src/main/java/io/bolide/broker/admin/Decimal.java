package io.bolide.broker.admin;

/** Numbers as admin tools print them, without String.format (banned in main code). */
final class Decimal {
    private Decimal() {}

    /** {@code value} with two decimals, e.g. {@code 12.50}. */
    static String twoPlaces(double value) {
        long hundredths = Math.round(Math.abs(value) * 100);
        StringBuilder text = new StringBuilder(16);
        if (value < 0 && hundredths != 0) {
            text.append('-');
        }
        text.append(hundredths / 100).append('.');
        long cents = hundredths % 100;
        if (cents < 10) {
            text.append('0');
        }
        return text.append(cents).toString();
    }

    /** Three rates (10 s, 1 min, 10 min averages) separated by spaces, the reference's TPS form. */
    static String tps(double tenSeconds, double minute, double tenMinutes) {
        return twoPlaces(tenSeconds) + " " + twoPlaces(minute) + " " + twoPlaces(tenMinutes);
    }

    /** A ratio in [0, 1] with four decimals. */
    static String ratio(double value) {
        long tenThousandths = Math.round(Math.max(0, Math.min(1, value)) * 10_000);
        String digits = Long.toString(10_000 + tenThousandths % 10_000);
        return (tenThousandths / 10_000) + "." + digits.substring(1);
    }

    /** Uptime as the reference words it: {@code [ 0 days, 1 hours, 2 minutes, 3 seconds ]}. */
    static String uptime(long millis) {
        long seconds = Math.max(0, millis) / 1000;
        return "[ "
                + seconds / 86_400
                + " days, "
                + seconds / 3600 % 24
                + " hours, "
                + seconds / 60 % 60
                + " minutes, "
                + seconds % 60
                + " seconds ]";
    }
}
