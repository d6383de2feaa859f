package io.bolide.protocol.body;

/**
 * One client connection of a group, as admin tools list it. {@code language} is the client's
 * language name ({@code JAVA}, {@code GO}, ...), kept as text so unknown languages pass through.
 */
public record Connection(String clientId, String clientAddr, String language, int version) {}
