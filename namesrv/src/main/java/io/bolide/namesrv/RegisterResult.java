package io.bolide.namesrv;

/**
 * What a slave learns when it registers: its master's address and HA address, both null for a
 * master or while no master is registered.
 */
record RegisterResult(String masterAddr, String haServerAddr) {
    static final RegisterResult NONE = new RegisterResult(null, null);
}
