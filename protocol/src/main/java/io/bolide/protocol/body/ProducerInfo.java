package io.bolide.protocol.body;

/**
 * One producer client in {@link ProducerTableInfo}. {@code language} is the client's language name,
 * kept as text as in {@link Connection}.
 */
public record ProducerInfo(
        String clientId, String remoteIP, String language, int version, long lastUpdateTimestamp) {}
