package io.bolide.remoting;

import io.bolide.protocol.frame.SerializeType;

/**
 * What every connection of one server or client gets in its pipeline.
 *
 * @param maxFrame largest accepted frame, length field included
 * @param idleSeconds a connection without reads or writes this long is closed
 * @param requestType serialization of requests this side sends on the connection
 * @param pauseReads whether to stop reading while the outbound buffer is full (servers only: a
 *     client's reads bring the responses its full buffer waits for)
 * @param maxRequests requests of the peer in flight above which the connection is not read; 0 = no
 *     limit
 * @param tls the TLS handlers the pipeline starts with
 */
record PipelineSettings(
        int maxFrame,
        int idleSeconds,
        SerializeType requestType,
        boolean pauseReads,
        int maxRequests,
        TlsLayer tls) {}
