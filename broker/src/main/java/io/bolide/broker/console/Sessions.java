package io.bolide.broker.console;

import io.bolide.broker.auth.ConsoleAccess;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Console sessions: a random token (the HttpOnly cookie's value) to a login. A session ends at
 * logout, after {@link #IDLE_MILLIS} unused, or {@link #MAX_MILLIS} after login, whichever is
 * first; at most {@link #MAX_SESSIONS} are kept (the oldest goes). The token is the only secret the
 * browser holds: the user's secret key is never sent back to it.
 */
final class Sessions {
    static final String COOKIE = "BOLIDE_SESSION";
    static final long IDLE_MILLIS = 30 * 60_000L;
    static final long MAX_MILLIS = 12 * 3_600_000L;
    static final int MAX_SESSIONS = 1024;
    static final String GONE =
            "log in: no session, or it expired or was ended (POST /api/login with accessKey and"
                    + " secretKey)";
    static final String CHANGED =
            "log in again: the session's user was deleted, disabled or given a new secret key";

    private static final class Session {
        final long createdMillis;
        long usedMillis;
        ConsoleAccess.Login login;

        Session(ConsoleAccess.Login login, long now) {
            this.login = login;
            this.createdMillis = now;
            this.usedMillis = now;
        }
    }

    private final SecureRandom random = new SecureRandom();
    private volatile LongSupplier clock = System::currentTimeMillis;
    private final Map<String, Session> byToken = new LinkedHashMap<>();

    /** The time sessions are judged by: the wall clock, or the tests' own. */
    long now() {
        return clock.getAsLong();
    }

    /** Judges sessions by {@code millis} from now on (tests move it to expire sessions). */
    void clock(LongSupplier millis) {
        clock = millis;
    }

    /** A new session's token. */
    synchronized String open(ConsoleAccess.Login login, long now) {
        byte[] bytes = new byte[32];
        random.nextBytes(bytes);
        String token = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
        if (byToken.size() >= MAX_SESSIONS) {
            Iterator<String> oldest = byToken.keySet().iterator();
            oldest.next();
            oldest.remove();
        }
        byToken.put(token, new Session(login, now));
        return token;
    }

    /** The login of a live session, its use noted; null when there is none or it expired. */
    synchronized ConsoleAccess.Login use(String token, long now) {
        if (token == null) {
            return null;
        }
        Session session = byToken.get(token);
        if (session == null) {
            return null;
        }
        if (now - session.usedMillis > IDLE_MILLIS || now - session.createdMillis > MAX_MILLIS) {
            byToken.remove(token);
            return null;
        }
        session.usedMillis = now;
        return session.login;
    }

    /** Replaces a session's login with its re-checked form (the Super flag as it is now). */
    synchronized void update(String token, ConsoleAccess.Login login) {
        Session session = byToken.get(token);
        if (session != null) {
            session.login = login;
        }
    }

    synchronized void close(String token) {
        if (token != null) {
            byToken.remove(token);
        }
    }

    /** Sessions kept (tests). */
    synchronized int size() {
        return byToken.size();
    }
}
