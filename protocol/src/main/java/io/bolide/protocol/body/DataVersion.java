package io.bolide.protocol.body;

/**
 * Version stamp of a broker's topic (or group) table: {@code counter} goes up on every change, so
 * the name server can skip unchanged registrations. Keep {@code counter} within int range: the
 * fastjson2 2.0.43 that Apache 5.4.0 ships reads it (an {@code AtomicLong}) through an int and
 * rejects the whole body beyond that ("int overflow").
 */
public record DataVersion(long stateVersion, long timestamp, long counter) {}
