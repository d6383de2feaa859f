/**
 * The remoting transport: frames in, frames out, over Netty.
 *
 * <p>{@link io.bolide.remoting.RemotingServer} accepts connections and dispatches each request by
 * its code to a {@link io.bolide.remoting.RequestHandler}, which answers through an {@link
 * io.bolide.remoting.Exchange} inline on the I/O thread or later from its own bounded executor.
 * {@link io.bolide.remoting.RemotingClient} keeps one multiplexed connection per address and offers
 * synchronous, asynchronous and oneway calls. Both ends of a {@link io.bolide.remoting.Connection}
 * may send requests, so a server can call a client back over the client's own connection.
 *
 * <p>Buffers: request bodies handed to the transport are always released by it; responses handed
 * out belong to the caller. Nothing here knows of topics or storage.
 */
package io.bolide.remoting;
