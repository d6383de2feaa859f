package io.bolide.protocol.message;

import io.netty.buffer.ByteBuf;

/**
 * The consume-queue tag hash: Java {@code String.hashCode()} of the TAGS property, sign-extended,
 * or 0 without tags (what the reference broker stores and filters on).
 */
public final class TagsCode {
    private TagsCode() {}

    /** The tag hash of {@code tags}; 0 for null or empty. */
    public static long of(String tags) {
        return tags == null || tags.isEmpty() ? 0 : tags.hashCode();
    }

    /**
     * The tag hash of the TAGS property found in the properties bytes {@code [from, from +
     * length)}, computed on the bytes without building the string.
     */
    public static long of(ByteBuf buf, int from, int length) {
        long found = MessageProperties.find(buf, from, length, MessageProperty.TAGS_BYTES);
        if (found < 0) {
            return 0;
        }
        return MessageText.javaHashCode(
                buf, MessageProperties.valueIndex(found), MessageProperties.valueLength(found));
    }
}
