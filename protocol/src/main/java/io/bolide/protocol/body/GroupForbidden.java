package io.bolide.protocol.body;

/**
 * Body of an {@code UPDATE_AND_GET_GROUP_FORBIDDEN} (353) response: whether {@code group} may read
 * {@code topic} after the request (false once forbidden).
 */
public record GroupForbidden(String topic, String group, Boolean readable) {}
