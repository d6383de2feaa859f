package io.bolide.broker.send;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The reference's remark for a send its store refuses (a slave, a store shut down): it names the
 * disk usage of the commit log, consume queues and index as fractions, {@code CL: 0.43 CQ: 0.43
 * INDEX: 0.43}. All three live under the store root here, so one partition answers for them. Built
 * only on a refusal, never on the hot path.
 */
final class UnavailableRemark {
    private final Path root;

    UnavailableRemark(Path root) {
        this.root = root;
    }

    String remark() {
        String used = fraction(usedFraction());
        return "service not available now. It may be caused by one of the following reasons:"
                + " the broker's disk is full [CL: "
                + used
                + " CQ: "
                + used
                + " INDEX: "
                + used
                + "], messages are put to the slave, message store has been shut down, etc.";
    }

    private double usedFraction() {
        try {
            FileStore store = Files.getFileStore(root);
            long total = store.getTotalSpace();
            return total <= 0 ? -1 : (double) (total - store.getUsableSpace()) / total;
        } catch (IOException e) {
            return -1;
        }
    }

    /** {@code value} with two decimals, padded to five characters (the reference's %5.2f). */
    static String fraction(double value) {
        long hundredths = Math.round(Math.abs(value) * 100);
        StringBuilder text = new StringBuilder(8);
        if (value < 0 && hundredths > 0) {
            text.append('-');
        }
        long cents = hundredths % 100;
        text.append(hundredths / 100).append('.').append(cents < 10 ? "0" : "").append(cents);
        while (text.length() < 5) {
            text.insert(0, ' ');
        }
        return text.toString();
    }
}
