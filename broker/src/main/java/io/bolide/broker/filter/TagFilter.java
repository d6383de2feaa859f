package io.bolide.broker.filter;

import io.bolide.protocol.body.SubscriptionData;
import java.util.function.LongPredicate;

/**
 * Which consume-queue entries a subscription wants, judged by tag hash as the reference broker does
 * (the client then compares the tag strings). {@code *} or an empty expression means all,
 * represented by a null filter so the store skips filtering altogether.
 */
public final class TagFilter implements LongPredicate {
    /** Marks a pull that was refused while its filter was being resolved; never filters. */
    static final TagFilter REFUSED = new TagFilter(new long[0]);

    private final long[] codes;

    private TagFilter(long[] codes) {
        this.codes = codes;
    }

    /** The filter of an expression such as {@code TagA || TagB}; null for all messages. */
    public static TagFilter parse(String expression) {
        if (isAll(expression)) {
            return null;
        }
        long[] codes = new long[8];
        int count = 0;
        int from = 0;
        while (from <= expression.length()) {
            int bar = expression.indexOf("||", from);
            int end = bar < 0 ? expression.length() : bar;
            String tag = expression.substring(from, end).trim();
            if (!tag.isEmpty()) {
                if (count == codes.length) {
                    codes = java.util.Arrays.copyOf(codes, count * 2);
                }
                codes[count++] = tag.hashCode();
            }
            if (bar < 0) {
                break;
            }
            from = bar + 2;
        }
        return count == 0 ? null : new TagFilter(java.util.Arrays.copyOf(codes, count));
    }

    /** The filter of a heartbeat's subscription. */
    static TagFilter of(SubscriptionData subscription) {
        return parse(subscription.subString());
    }

    static boolean isAll(String expression) {
        return expression == null || expression.isBlank() || "*".equals(expression.trim());
    }

    @Override
    public boolean test(long tagsCode) {
        for (long code : codes) {
            if (code == tagsCode) {
                return true;
            }
        }
        return false;
    }
}
