/**
 * The stored message format of RocketMQ 5.x: the record the commit log holds and pull bodies carry
 * ({@link io.bolide.protocol.message.MessageDescriptor}, read in place by {@link
 * io.bolide.protocol.message.StoredMessageFlyweight} and {@link
 * io.bolide.protocol.message.StoredMessageDecoder}, written by {@link
 * io.bolide.protocol.message.StoredMessageEncoder}), the properties string ({@link
 * io.bolide.protocol.message.MessageProperties}), batch send bodies ({@link
 * io.bolide.protocol.message.BatchBodyDecoder}, {@link
 * io.bolide.protocol.message.BatchBodyEncoder}), message ids ({@link
 * io.bolide.protocol.message.OffsetMessageId}, {@link
 * io.bolide.protocol.message.UniqueKeyGenerator}), tag hashes and name rules.
 *
 * <p>Everything here works on Netty buffers without intermediate copies; bodies and properties are
 * handed out as slices. Malformed input is reported as {@link
 * io.bolide.protocol.frame.ProtocolDecodeException}. A {@code java.nio.ByteBuffer} (for example a
 * mapped commit-log segment) is used through one {@code Unpooled.wrappedBuffer} view per segment.
 */
package io.bolide.protocol.message;
