package io.bolide.protocol.body;

/** A producer group named in a heartbeat. */
public record ProducerData(String groupName) {}
