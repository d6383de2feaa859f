package io.bolide.protocol.message;

import static io.bolide.protocol.message.MessageDescriptor.BODY_CRC_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.BORN_HOST_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.BORN_TIMESTAMP_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.FLAG_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.MAGIC_CODE_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.PHYSICAL_OFFSET_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.QUEUE_ID_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.QUEUE_OFFSET_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.SYS_FLAG_OFFSET;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.Map;

/**
 * A view over one stored message record in a {@link ByteBuf} (layout: {@link MessageDescriptor}).
 * {@link #wrap} checks every length against the record and the buffer once; the accessors then read
 * fields in place. Body and properties come back as slices (not retained, no copy); only {@link
 * #topic()} and the host accessors allocate. One instance is reused for many records.
 */
public final class StoredMessageFlyweight {
    private ByteBuf buf;
    private int offset;
    private int totalSize;
    private int magic;
    private int sysFlag;
    private int bodyIndex;
    private int bodyLength;
    private int topicIndex;
    private int topicLength;
    private int propertiesIndex;
    private int propertiesLength;

    /** Wraps the record at {@code offset}; it must end before {@code buf.writerIndex()}. */
    public StoredMessageFlyweight wrap(ByteBuf buf, int offset) {
        return wrap(buf, offset, buf.writerIndex());
    }

    /**
     * Wraps the record at {@code offset}, which must end at or before {@code limit}.
     *
     * @throws ProtocolDecodeException if the record is truncated, has an unknown magic code, or a
     *     length field that is negative or disagrees with TOTALSIZE
     */
    public StoredMessageFlyweight wrap(ByteBuf buf, int offset, int limit) {
        if (offset < 0 || limit > buf.capacity() || limit - offset < 8) {
            throw new ProtocolDecodeException("truncated message record at " + offset);
        }
        int size = buf.getInt(offset);
        int code = buf.getInt(offset + MAGIC_CODE_OFFSET);
        if (!MessageDescriptor.isMessageMagic(code)) {
            throw new ProtocolDecodeException("bad message magic code " + code + " at " + offset);
        }
        if (size < MessageDescriptor.MIN_RECORD_LENGTH || size > limit - offset) {
            throw new ProtocolDecodeException(
                    "message TOTALSIZE " + size + " outside 91.." + (limit - offset));
        }
        this.buf = buf;
        this.offset = offset;
        this.totalSize = size;
        this.magic = code;
        this.sysFlag = buf.getInt(offset + SYS_FLAG_OFFSET);
        locateVariableParts();
        return this;
    }

    private void locateVariableParts() {
        int end = offset + totalSize;
        checkedEnd(offset, MessageDescriptor.bodyOffset(sysFlag), end, "fixed part");
        int lengthIndex = offset + MessageDescriptor.bodyLengthOffset(sysFlag);
        bodyLength = buf.getInt(lengthIndex);
        bodyIndex = lengthIndex + 4;
        int topicLengthIndex = checkedEnd(bodyIndex, bodyLength, end, "body");
        int topicLengthSize = MessageDescriptor.topicLengthSize(magic);
        checkedEnd(topicLengthIndex, topicLengthSize, end, "topic length");
        topicLength =
                topicLengthSize == 1
                        ? buf.getByte(topicLengthIndex)
                        : buf.getShort(topicLengthIndex);
        topicIndex = topicLengthIndex + topicLengthSize;
        int propertiesLengthIndex = checkedEnd(topicIndex, topicLength, end, "topic");
        checkedEnd(propertiesLengthIndex, 2, end, "properties length");
        propertiesLength = buf.getShort(propertiesLengthIndex);
        propertiesIndex = propertiesLengthIndex + 2;
        if (checkedEnd(propertiesIndex, propertiesLength, end, "properties") != end) {
            throw new ProtocolDecodeException("message TOTALSIZE disagrees with its fields");
        }
    }

    /** {@code index + length}, or an exception if the field is negative or passes {@code end}. */
    private static int checkedEnd(int index, int length, int end, String field) {
        if (length < 0 || length > end - index) {
            throw new ProtocolDecodeException(
                    "message " + field + " length " + length + " exceeds the record");
        }
        return index + length;
    }

    /** The wrapped buffer. */
    public ByteBuf buffer() {
        return buf;
    }

    /** Index of the record's first byte in {@link #buffer()}. */
    public int offset() {
        return offset;
    }

    /** TOTALSIZE: the record's length in bytes. */
    public int totalSize() {
        return totalSize;
    }

    /** MAGICCODE ({@link MessageDescriptor#MAGIC_V1} or {@link MessageDescriptor#MAGIC_V2}). */
    public int magic() {
        return magic;
    }

    /** BODYCRC. */
    public int bodyCrc() {
        return buf.getInt(offset + BODY_CRC_OFFSET);
    }

    /** QUEUEID. */
    public int queueId() {
        return buf.getInt(offset + QUEUE_ID_OFFSET);
    }

    /** FLAG (the user's flag). */
    public int flag() {
        return buf.getInt(offset + FLAG_OFFSET);
    }

    /** QUEUEOFFSET. */
    public long queueOffset() {
        return buf.getLong(offset + QUEUE_OFFSET_OFFSET);
    }

    /** PHYSICALOFFSET. */
    public long physicalOffset() {
        return buf.getLong(offset + PHYSICAL_OFFSET_OFFSET);
    }

    /** SYSFLAG. */
    public int sysFlag() {
        return sysFlag;
    }

    /** BORNTIMESTAMP. */
    public long bornTimestamp() {
        return buf.getLong(offset + BORN_TIMESTAMP_OFFSET);
    }

    /** Length of the born host address: 4 or 16. */
    public int bornAddressLength() {
        return MessageDescriptor.bornHostLength(sysFlag) - 4;
    }

    /** Copies the born host address into {@code dst} (at least {@link #bornAddressLength()}). */
    public void bornAddress(byte[] dst) {
        buf.getBytes(offset + BORN_HOST_OFFSET, dst, 0, bornAddressLength());
    }

    /** The born host port. */
    public int bornPort() {
        return buf.getInt(offset + BORN_HOST_OFFSET + bornAddressLength());
    }

    /** The born host as a socket address (allocates; no name lookup). */
    public InetSocketAddress bornHost() {
        return socketAddress(offset + BORN_HOST_OFFSET, bornAddressLength());
    }

    /** STORETIMESTAMP. */
    public long storeTimestamp() {
        return buf.getLong(offset + MessageDescriptor.storeTimestampOffset(sysFlag));
    }

    /** Length of the store host address: 4 or 16. */
    public int storeAddressLength() {
        return MessageDescriptor.storeHostLength(sysFlag) - 4;
    }

    /** Copies the store host address into {@code dst} (at least {@link #storeAddressLength()}). */
    public void storeAddress(byte[] dst) {
        buf.getBytes(storeHostIndex(), dst, 0, storeAddressLength());
    }

    /** The store host port. */
    public int storePort() {
        return buf.getInt(storeHostIndex() + storeAddressLength());
    }

    /** The store host as a socket address (allocates; no name lookup). */
    public InetSocketAddress storeHost() {
        return socketAddress(storeHostIndex(), storeAddressLength());
    }

    /** Index of the STOREHOST field in {@link #buffer()} (the offset message id is built on it). */
    public int storeHostIndex() {
        return offset + MessageDescriptor.storeHostOffset(sysFlag);
    }

    /** RECONSUMETIMES. */
    public int reconsumeTimes() {
        return buf.getInt(offset + MessageDescriptor.reconsumeTimesOffset(sysFlag));
    }

    /** PREPAREDTRANSACTIONOFFSET. */
    public long preparedTransactionOffset() {
        return buf.getLong(offset + MessageDescriptor.preparedTransactionOffsetOffset(sysFlag));
    }

    /** Index of the body bytes in {@link #buffer()}. */
    public int bodyIndex() {
        return bodyIndex;
    }

    /** BODYLENGTH. */
    public int bodyLength() {
        return bodyLength;
    }

    /** The body as stored (compressed if the sysFlag says so): a slice, not retained. */
    public ByteBuf body() {
        return buf.slice(bodyIndex, bodyLength);
    }

    /** Whether BODYCRC matches the body (a recovery check; the client never verifies it). */
    public boolean bodyCrcMatches(BodyCrc crc) {
        return crc.of(buf, bodyIndex, bodyLength) == bodyCrc();
    }

    /** Index of the topic bytes in {@link #buffer()}. */
    public int topicIndex() {
        return topicIndex;
    }

    /** Length of the topic in bytes. */
    public int topicLength() {
        return topicLength;
    }

    /** The topic, decoded strictly as UTF-8. */
    public String topic() {
        return MessageText.decode(buf, topicIndex, topicLength);
    }

    /** Index of the properties bytes in {@link #buffer()}. */
    public int propertiesIndex() {
        return propertiesIndex;
    }

    /** PROPERTIESLENGTH. */
    public int propertiesLength() {
        return propertiesLength;
    }

    /** The properties bytes ({@link MessageProperties} format): a slice, not retained. */
    public ByteBuf properties() {
        return buf.slice(propertiesIndex, propertiesLength);
    }

    /** The value of property {@code name} (see {@link MessageProperty}), or null. */
    public String property(byte[] name) {
        return MessageProperties.value(buf, propertiesIndex, propertiesLength, name);
    }

    /** The properties as a map (allocates; strict UTF-8). */
    public Map<String, String> propertyMap() {
        return MessageProperties.decode(buf, propertiesIndex, propertiesLength);
    }

    /** The consume-queue tag hash of this record's TAGS property, 0 without tags. */
    public long tagsCode() {
        return TagsCode.of(buf, propertiesIndex, propertiesLength);
    }

    /** Overwrites QUEUEOFFSET in place. */
    public void queueOffset(long value) {
        buf.setLong(offset + QUEUE_OFFSET_OFFSET, value);
    }

    /** Overwrites PHYSICALOFFSET in place. */
    public void physicalOffset(long value) {
        buf.setLong(offset + PHYSICAL_OFFSET_OFFSET, value);
    }

    /** Overwrites STORETIMESTAMP in place. */
    public void storeTimestamp(long value) {
        StoredMessageEncoder.putStoreTimestamp(buf, offset, value);
    }

    /** Overwrites BODYCRC in place. */
    public void bodyCrc(int value) {
        buf.setInt(offset + BODY_CRC_OFFSET, value);
    }

    private InetSocketAddress socketAddress(int index, int addressLength) {
        byte[] address = new byte[addressLength];
        buf.getBytes(index, address);
        try {
            return new InetSocketAddress(
                    InetAddress.getByAddress(address), buf.getInt(index + addressLength));
        } catch (UnknownHostException | IllegalArgumentException e) {
            throw new ProtocolDecodeException("bad host in message record", e);
        }
    }
}
