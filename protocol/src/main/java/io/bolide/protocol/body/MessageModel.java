package io.bolide.protocol.body;

/** Clustering (queues shared out) or broadcasting; declared in the Apache order. */
public enum MessageModel {
    BROADCASTING,
    CLUSTERING
}
