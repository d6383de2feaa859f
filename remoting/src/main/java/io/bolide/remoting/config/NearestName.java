package io.bolide.remoting.config;

import java.util.Collection;

/**
 * The known name nearest to a mistyped one, for "did you mean" hints: the smallest edit distance
 * (insertions, deletions, substitutions, and swaps of neighbours, each costing one), ignoring case,
 * within a third of the name's length so unrelated names are not offered.
 */
public final class NearestName {
    private NearestName() {}

    /** The nearest of {@code known} to {@code name}, or null if none is near enough. */
    public static String of(String name, Collection<String> known) {
        String lower = name.toLowerCase(java.util.Locale.ROOT);
        int limit = Math.max(1, name.length() / 3);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int d = distance(lower, candidate.toLowerCase(java.util.Locale.ROOT));
            if (d <= limit && d < bestDistance) {
                best = candidate;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Optimal string alignment distance. */
    static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                int best =
                        Math.min(
                                Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1
                        && j > 1
                        && a.charAt(i - 1) == b.charAt(j - 2)
                        && a.charAt(i - 2) == b.charAt(j - 1)) {
                    best = Math.min(best, d[i - 2][j - 2] + 1);
                }
                d[i][j] = best;
            }
        }
        return d[a.length()][b.length()];
    }
}
