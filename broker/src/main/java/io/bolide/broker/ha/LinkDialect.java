package io.bolide.broker.ha;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.io.IOException;

/**
 * What the two HA protocols a slave speaks ({@link ClassicDialect}, {@link EpochDialect}) do
 * differently on its link to the master: how the link opens, the frame layouts, and what a transfer
 * carries besides its bytes. {@link MasterLink} does the rest for both: appending each transfer at
 * exactly the log's end, reporting the end, heartbeats, and closing the link on what does not fit.
 */
interface LinkDialect {
    /** A master's frame that does not fit: one log line naming {@code what}, then a closed link. */
    final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;

        Refusal(String what) {
            super(what, null, false, false);
        }
    }

    /** The frame that opens the link, or null when it opens with an offset report. */
    ByteBuf hello(ByteBufAllocator alloc);

    /**
     * Reads the master's answer to {@link #hello} at the reader index and acts on it, consuming it:
     * true once it was whole (transfers follow), false while more of it is on its way.
     */
    boolean handshake(ByteBuf in, String remote) throws Refusal;

    /** The length of a transfer's header; its body follows. */
    int headerLength();

    /** Whether the header at {@code at} is a transfer's at all (before its size is checked). */
    boolean isTransfer(ByteBuf in, int at);

    /** The log offset the transfer at {@code at} starts at. */
    long offset(ByteBuf in, int at);

    /** The body size of the transfer at {@code at}. */
    int size(ByteBuf in, int at);

    /** Records what the whole transfer at {@code at} carries besides bytes, before they append. */
    void beforeAppend(ByteBuf in, int at) throws IOException;

    /** Acts on what the transfer at {@code at} says once its bytes are in this log. */
    void afterTransfer(ByteBuf in, int at);

    /** An offset report: this slave's log ends at {@code end}. */
    ByteBuf report(ByteBufAllocator alloc, long end);
}
