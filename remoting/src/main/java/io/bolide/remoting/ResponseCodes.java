package io.bolide.remoting;

/**
 * The system-level response codes the transport itself answers with (docs/protocol/framing.md §10).
 * Local until the protocol module carries the code tables.
 */
final class ResponseCodes {
    static final int SYSTEM_ERROR = 1;
    static final int SYSTEM_BUSY = 2;
    static final int REQUEST_CODE_NOT_SUPPORTED = 3;

    private ResponseCodes() {}
}
