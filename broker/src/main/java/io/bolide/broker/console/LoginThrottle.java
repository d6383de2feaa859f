package io.bolide.broker.console;

import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Slows password guessing at the console's login: failed logins are counted per access key and per
 * client address. {@link #USER_FAILURES} failures in a row for one access key, or {@link
 * #ADDRESS_FAILURES} from one address, lock that key or address out for {@link #LOCK_MILLIS}; each
 * further lockout of the same key or address doubles it, up to {@link #MAX_LOCK_MILLIS}. A locked
 * key or address is refused even with the right secret (so guessing gains nothing while locked); a
 * successful login clears its key's and its address's counts. At most {@link #MAX_TRACKED} keys and
 * addresses are tracked (the least recently failed goes first).
 */
final class LoginThrottle {
    static final int USER_FAILURES = 5;
    static final int ADDRESS_FAILURES = 20;
    static final long LOCK_MILLIS = 60_000;
    static final long MAX_LOCK_MILLIS = 15 * 60_000L;
    static final int MAX_TRACKED = 4096;

    private static final Logger LOG = LoggerFactory.getLogger(LoginThrottle.class);

    private static final class Failures {
        int count;
        int lockouts;
        long lockedUntil;
    }

    private final Map<String, Failures> byKey =
            new LinkedHashMap<>(16, 0.75f, true) {
                private static final long serialVersionUID = 1L;

                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Failures> eldest) {
                    return size() > MAX_TRACKED;
                }
            };

    /**
     * Why a login for {@code accessKey} from {@code address} is refused now, or null when it may be
     * tried.
     */
    synchronized String refusal(String accessKey, String address, long now) {
        long user = lockedFor(userKey(accessKey), now);
        if (user > 0) {
            return "too many failed logins for access key '"
                    + accessKey
                    + "': try again in "
                    + seconds(user)
                    + " s";
        }
        long from = lockedFor(addressKey(address), now);
        if (from > 0) {
            return "too many failed logins from "
                    + address
                    + ": try again in "
                    + seconds(from)
                    + " s";
        }
        return null;
    }

    /** Counts a failed login; locks the key or the address out when it reached its limit. */
    synchronized void failed(String accessKey, String address, long now) {
        count(userKey(accessKey), USER_FAILURES, now);
        count(addressKey(address), ADDRESS_FAILURES, now);
    }

    /** A login succeeded: its key and address start again from nothing. */
    synchronized void succeeded(String accessKey, String address) {
        byKey.remove(userKey(accessKey));
        byKey.remove(addressKey(address));
    }

    private long lockedFor(String key, long now) {
        Failures failures = byKey.get(key);
        return failures == null ? 0 : failures.lockedUntil - now;
    }

    private void count(String key, int limit, long now) {
        Failures failures = byKey.computeIfAbsent(key, k -> new Failures());
        failures.count++;
        if (failures.count < limit) {
            return;
        }
        long lock = Math.min(MAX_LOCK_MILLIS, LOCK_MILLIS << Math.min(failures.lockouts, 10));
        failures.lockedUntil = now + lock;
        failures.lockouts++;
        failures.count = 0;
        LOG.warn(
                "console login locked for {} s after {} failed logins: {}",
                lock / 1000,
                limit,
                key);
    }

    private static String userKey(String accessKey) {
        return "user " + accessKey;
    }

    private static String addressKey(String address) {
        return "address " + address;
    }

    private static long seconds(long millis) {
        return (millis + 999) / 1000;
    }
}
