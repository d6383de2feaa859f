package io.bolide.broker.auth;

import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestGate;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * Authentication then authorization of every request, before its handler runs; a refusal is
 * NO_PERMISSION (16) with the reference's remark and nothing else happens. Each frame is checked on
 * its own: nothing about a connection is remembered between frames.
 */
final class AuthGate implements RequestGate {
    static final String AUTHORIZATION_FAILED =
            "Authorization failed. Please verify your access rights and try again.";
    private static final byte[] ACCESS_KEY = "AccessKey".getBytes(StandardCharsets.US_ASCII);

    private final AuthStore store;
    private final boolean authenticating;
    private final boolean authorizing;
    private final CodeSet authenticationWhitelist;
    private final CodeSet authorizationWhitelist;
    private final RequestResources resources;

    AuthGate(AuthStore store, AuthSettings settings) {
        this.store = store;
        this.authenticating = settings.authenticationEnabled();
        this.authorizing = settings.authorizationEnabled();
        this.authenticationWhitelist = new CodeSet(settings.authenticationCodes());
        this.authorizationWhitelist = new CodeSet(settings.authorizationCodes());
        this.resources = new RequestResources(settings.clusterName());
    }

    @Override
    public boolean admit(RemotingCommand request, Exchange exchange) {
        int code = request.code();
        AuthState state = store.state();
        User user = null;
        if (authenticating && !authenticationWhitelist.contains(code)) {
            SigningScratch scratch = SigningScratch.get();
            user = SignatureCheck.authenticate(request, state.users(), scratch);
            if (user == null) {
                return refuse(exchange, scratch.remark);
            }
        }
        if (authorizing && !authorizationWhitelist.contains(code)) {
            String remark = authorize(request, exchange, user, state);
            if (remark != null) {
                return refuse(exchange, remark);
            }
        }
        return true;
    }

    /** Null when allowed, else the reference's remark. */
    private String authorize(
            RemotingCommand request, Exchange exchange, User known, AuthState state) {
        Needs needs = Needs.get();
        try {
            resources.read(request, needs);
        } catch (RuntimeException e) {
            return "parse authorization context error.";
        }
        if (needs.count() == 0) {
            return null;
        }
        User user = known;
        if (user == null) {
            String name = RequestResources.value(request, ACCESS_KEY);
            if (name == null) {
                return AUTHORIZATION_FAILED;
            }
            user = state.user(name);
            if (user == null) {
                return "User:" + name + " not found.";
            }
        }
        if (!user.isEnabled()) {
            return "User:" + user.name() + " is disabled.";
        }
        if (user.isSuper()) {
            return null;
        }
        int refused = refused(needs, state.acl(user.name()), source(exchange));
        return refused < 0 ? null : remark(needs, refused, user, sourceText(exchange));
    }

    /**
     * -1 when {@code acl} allows every need, else which need it refuses first (index times two,
     * plus one when an entry denies it rather than none applying).
     */
    static int refused(Needs needs, CompiledAcl acl, InetAddress source) {
        for (int i = 0; i < needs.count(); i++) {
            PolicyEntry entry =
                    acl == null
                            ? null
                            : acl.decide(needs.type(i), needs.name(i), needs.actions(i), source);
            if (entry == null || entry.deny()) {
                return 2 * i + (entry == null ? 0 : 1);
            }
        }
        return -1;
    }

    /** The reference's remark for the refusal {@link #refused} found. */
    static String remark(Needs needs, int refused, User user, String sourceText) {
        int i = refused / 2;
        return "User:"
                + user.name()
                + " has no permission to access "
                + needs.type(i).wireName()
                + ":"
                + needs.name(i)
                + " from "
                + sourceText
                + ", "
                + ((refused & 1) == 0 ? "no matched policies." : "the decision is deny.");
    }

    private static InetAddress source(Exchange exchange) {
        SocketAddress remote = exchange.connection().channel().remoteAddress();
        return remote instanceof InetSocketAddress inet ? inet.getAddress() : null;
    }

    /** The peer's address without its port, as the reference prints it. */
    private static String sourceText(Exchange exchange) {
        String address = exchange.connection().remoteAddress();
        int colon = address.lastIndexOf(':');
        return colon < 0 ? address : address.substring(0, colon);
    }

    private static boolean refuse(Exchange exchange, String remark) {
        exchange.respond(ResponseCode.NO_PERMISSION, remark);
        return false;
    }
}
