package io.bolide.broker.console;

/**
 * An answer that sets or clears the session cookie along with its JSON body (the login API's); any
 * other handler answers with the body alone.
 */
record Reply(Object body, String setCookie) {
    /** The cookie carrying {@code token}: script-proof, same-site only, ending with the session. */
    static String cookie(String token) {
        return Sessions.COOKIE
                + "="
                + token
                + "; Path=/; HttpOnly; SameSite=Strict; Max-Age="
                + Sessions.MAX_MILLIS / 1000;
    }

    /** The header that makes the browser forget its session cookie. */
    static String clearCookie() {
        return Sessions.COOKIE + "=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0";
    }
}
