package io.bolide.protocol.body;

/**
 * Version stamp of a broker's topic (or group) table: {@code counter} goes up on every change, so
 * the name server can skip unchanged registrations.
 */
public record DataVersion(long stateVersion, long timestamp, long counter) {}
