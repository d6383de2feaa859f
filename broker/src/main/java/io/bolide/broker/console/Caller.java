package io.bolide.broker.console;

import io.bolide.broker.auth.CallNeeds;
import io.bolide.broker.auth.ConsoleAccess;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.remoting.RequestSigner;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.net.InetSocketAddress;

/**
 * Who makes one API request: nobody in particular when the broker checks no credentials, else the
 * session's user, checked again for this request. Reads ask {@link #allow} with what the equivalent
 * remoting request needs; changes are {@link #sign}ed as the user and pass the remoting gate.
 */
final class Caller {
    private static final String HINT =
            " Ask an administrator for a policy that allows it (the Users and ACL page), or log in"
                    + " as a user who has one.";

    private final ConsoleAccess.Login login;
    private final ConsoleAccess access;
    private final InetSocketAddress peer;

    private Caller(ConsoleAccess.Login login, ConsoleAccess access, InetSocketAddress peer) {
        this.login = login;
        this.access = access;
        this.peer = peer;
    }

    /** A caller on a broker that checks nothing: every request is allowed. */
    static Caller anyone(InetSocketAddress peer) {
        return new Caller(null, null, peer);
    }

    /** The session's user, as {@link ConsoleAccess#recheck} found it for this request. */
    static Caller user(ConsoleAccess.Login login, ConsoleAccess access, InetSocketAddress peer) {
        return new Caller(login, access, peer);
    }

    /** The user's name, or null when nobody logs in. */
    String name() {
        return login == null ? null : login.user();
    }

    boolean superUser() {
        return login == null || login.superUser();
    }

    /** The address the broker's handlers and policies see: the browser's host. */
    InetSocketAddress peer() {
        return peer;
    }

    /** Whether the policies allow {@code needs} (a list shows only what the user may read). */
    boolean allowed(CallNeeds needs) {
        return refusal(needs) == null;
    }

    /** Refuses with 403 and the reason when the policies do not allow {@code needs}. */
    void allow(CallNeeds needs) {
        String refusal = refusal(needs);
        if (refusal != null) {
            throw new ApiError(HttpResponseStatus.FORBIDDEN, refusal + HINT);
        }
    }

    private String refusal(CallNeeds needs) {
        if (login == null) {
            return null;
        }
        return access.refusal(
                login.user(), needs, peer.getAddress(), peer.getAddress().getHostAddress());
    }

    /** {@code header} signed as the user, as its own client would sign it; as is for nobody. */
    CommandHeader sign(CommandHeader header, byte[] body) {
        if (login == null) {
            return header;
        }
        RequestSigner signer = access.signer(login.user());
        if (signer == null) {
            throw new ApiError(HttpResponseStatus.UNAUTHORIZED, Sessions.GONE);
        }
        return signer.sign(header, body);
    }

    /** The 403 reason text's advice, for refusals the broker's handlers give. */
    static String hint() {
        return HINT;
    }
}
