package io.bolide.protocol.message;

import static io.bolide.protocol.message.MessageDescriptor.BODY_CRC_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.BORN_HOST_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.BORN_TIMESTAMP_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.FLAG_BORN_HOST_V6;
import static io.bolide.protocol.message.MessageDescriptor.FLAG_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.FLAG_STORE_HOST_V6;
import static io.bolide.protocol.message.MessageDescriptor.MAGIC_CODE_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.PHYSICAL_OFFSET_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.QUEUE_ID_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.QUEUE_OFFSET_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.SYS_FLAG_OFFSET;
import static io.bolide.protocol.message.MessageDescriptor.TOTAL_SIZE_OFFSET;

import io.netty.buffer.ByteBuf;
import java.lang.invoke.VarHandle;

/**
 * Writes one stored message record exactly as the commit log holds it, straight into a buffer. A
 * reusable, single-threaded builder: set the fields, ask {@link #recordLength()} (to decide where
 * the record fits), then {@link #encodeAt} or {@link #encode}. The host-V6 sysFlag bits follow the
 * address lengths, the magic follows the topic length (V2 only above 127 bytes), and the body CRC
 * is computed as the reference does unless given (a broker computes it with {@link BodyCrc} before
 * taking the append lock and passes it in). Fields the store assigns while appending (offsets,
 * store time/host, CRC) can be patched in place afterwards with the static put methods.
 */
public final class StoredMessageEncoder {
    private final BodyCrc crc = new BodyCrc();
    private int queueId;
    private int flag;
    private int sysFlag;
    private int reconsumeTimes;
    private long queueOffset;
    private long physicalOffset;
    private long bornTimestamp;
    private long storeTimestamp;
    private long preparedTransactionOffset;
    private byte[] bornAddress = HostAddress.ANY_V4;
    private int bornPort;
    private byte[] storeAddress = HostAddress.ANY_V4;
    private int storePort;
    private boolean crcGiven;
    private int bodyCrc;
    private ByteBuf body;
    private CharSequence topic = "";
    private int topicBytes;
    private CharSequence propertiesText;
    private ByteBuf propertiesBytes;
    private int propertiesLength;

    /** Clears every field to zero / empty, ready for the next record. */
    public StoredMessageEncoder reset() {
        queueId = flag = sysFlag = reconsumeTimes = bornPort = storePort = bodyCrc = 0;
        queueOffset = physicalOffset = bornTimestamp = storeTimestamp = 0;
        preparedTransactionOffset = 0;
        bornAddress = storeAddress = HostAddress.ANY_V4;
        crcGiven = false;
        body = null;
        topic("");
        propertiesText = null;
        propertiesBytes = null;
        propertiesLength = 0;
        return this;
    }

    /** The topic (UTF-8 on the wire). */
    public StoredMessageEncoder topic(CharSequence value) {
        topic = value;
        topicBytes = MessageText.utf8Length(value);
        return this;
    }

    /** QUEUEID. */
    public StoredMessageEncoder queueId(int value) {
        queueId = value;
        return this;
    }

    /** FLAG (the user's flag). */
    public StoredMessageEncoder flag(int value) {
        flag = value;
        return this;
    }

    /** SYSFLAG; the host-V6 bits are overridden by the host address lengths. */
    public StoredMessageEncoder sysFlag(int value) {
        sysFlag = value;
        return this;
    }

    /** QUEUEOFFSET. */
    public StoredMessageEncoder queueOffset(long value) {
        queueOffset = value;
        return this;
    }

    /** PHYSICALOFFSET. */
    public StoredMessageEncoder physicalOffset(long value) {
        physicalOffset = value;
        return this;
    }

    /** BORNTIMESTAMP. */
    public StoredMessageEncoder bornTimestamp(long value) {
        bornTimestamp = value;
        return this;
    }

    /** BORNHOST: a 4- or 16-byte address (kept by reference, not copied) and a port. */
    public StoredMessageEncoder bornHost(byte[] address, int port) {
        bornAddress = HostAddress.checked(address);
        bornPort = port;
        return this;
    }

    /** STORETIMESTAMP. */
    public StoredMessageEncoder storeTimestamp(long value) {
        storeTimestamp = value;
        return this;
    }

    /** STOREHOST: a 4- or 16-byte address (kept by reference, not copied) and a port. */
    public StoredMessageEncoder storeHost(byte[] address, int port) {
        storeAddress = HostAddress.checked(address);
        storePort = port;
        return this;
    }

    /** RECONSUMETIMES. */
    public StoredMessageEncoder reconsumeTimes(int value) {
        reconsumeTimes = value;
        return this;
    }

    /** PREPAREDTRANSACTIONOFFSET. */
    public StoredMessageEncoder preparedTransactionOffset(long value) {
        preparedTransactionOffset = value;
        return this;
    }

    /** The body as it is stored (already compressed if the sysFlag says so); readable bytes. */
    public StoredMessageEncoder body(ByteBuf value) {
        body = value;
        return this;
    }

    /** BODYCRC as given instead of computed (e.g. already known from the request). */
    public StoredMessageEncoder bodyCrc(int value) {
        bodyCrc = value;
        crcGiven = true;
        return this;
    }

    /** Properties as text ({@link MessageProperties} format). */
    public StoredMessageEncoder properties(CharSequence text) {
        propertiesText = text;
        propertiesBytes = null;
        propertiesLength = text == null ? 0 : MessageText.utf8Length(text);
        return this;
    }

    /** Properties as already encoded bytes (readable bytes of {@code bytes}). */
    public StoredMessageEncoder properties(ByteBuf bytes) {
        propertiesBytes = bytes;
        propertiesText = null;
        propertiesLength = bytes == null ? 0 : bytes.readableBytes();
        return this;
    }

    /** The SYSFLAG that will be written. */
    public int effectiveSysFlag() {
        int value = sysFlag & ~(FLAG_BORN_HOST_V6 | FLAG_STORE_HOST_V6);
        if (bornAddress.length == HostAddress.V6_LENGTH) {
            value |= FLAG_BORN_HOST_V6;
        }
        if (storeAddress.length == HostAddress.V6_LENGTH) {
            value |= FLAG_STORE_HOST_V6;
        }
        return value;
    }

    /**
     * TOTALSIZE of the record as currently set.
     *
     * @throws IllegalArgumentException if the properties or topic do not fit their length fields
     */
    public int recordLength() {
        if (propertiesLength > MessageDescriptor.MAX_PROPERTIES_LENGTH) {
            throw new IllegalArgumentException("properties longer than 32767 bytes");
        }
        if (topicBytes > Short.MAX_VALUE) {
            throw new IllegalArgumentException("topic longer than 32767 bytes");
        }
        int bodyLength = body == null ? 0 : body.readableBytes();
        long length =
                MessageDescriptor.recordLength(
                        effectiveSysFlag(),
                        MessageDescriptor.magicFor(topicBytes),
                        bodyLength,
                        topicBytes,
                        propertiesLength);
        if (length > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("message record too large");
        }
        return (int) length;
    }

    /**
     * Appends the record at the writer index (growing the buffer if needed); returns its length.
     */
    public int encode(ByteBuf out) {
        int length = recordLength();
        out.ensureWritable(length);
        encodeAt(out, out.writerIndex(), length);
        out.writerIndex(out.writerIndex() + length);
        return length;
    }

    /**
     * Writes the record at {@code index} without moving the buffer's indexes; {@code length} must
     * be {@link #recordLength()} and fit in the buffer's capacity.
     *
     * <p>TOTALSIZE is written last, behind a release fence: a process killed in the middle of the
     * record (kill -9 while encoding into a mapped commit-log segment) leaves TOTALSIZE as it was,
     * zero in a fresh or recovered segment, so crash recovery stops before the torn record instead
     * of keeping a record whose tail (its properties) was never written.
     */
    public void encodeAt(ByteBuf out, int index, int length) {
        if (length != recordLength()) {
            throw new IllegalArgumentException("length " + length + " is not the record's length");
        }
        int flags = effectiveSysFlag();
        out.setInt(index + MAGIC_CODE_OFFSET, MessageDescriptor.magicFor(topicBytes));
        out.setInt(index + BODY_CRC_OFFSET, crcGiven ? bodyCrc : crc.of(body));
        out.setInt(index + QUEUE_ID_OFFSET, queueId);
        out.setInt(index + FLAG_OFFSET, flag);
        out.setLong(index + QUEUE_OFFSET_OFFSET, queueOffset);
        out.setLong(index + PHYSICAL_OFFSET_OFFSET, physicalOffset);
        out.setInt(index + SYS_FLAG_OFFSET, flags);
        out.setLong(index + BORN_TIMESTAMP_OFFSET, bornTimestamp);
        int at = putHost(out, index + BORN_HOST_OFFSET, bornAddress, bornPort);
        out.setLong(at, storeTimestamp);
        at = putHost(out, at + 8, storeAddress, storePort);
        out.setInt(at, reconsumeTimes);
        out.setLong(at + 4, preparedTransactionOffset);
        writeVariableParts(out, at + 12);
        VarHandle.releaseFence();
        out.setInt(index + TOTAL_SIZE_OFFSET, length);
    }

    private void writeVariableParts(ByteBuf out, int at) {
        int bodyLength = body == null ? 0 : body.readableBytes();
        out.setInt(at, bodyLength);
        at += 4;
        if (bodyLength > 0) {
            out.setBytes(at, body, body.readerIndex(), bodyLength);
            at += bodyLength;
        }
        if (topicBytes > MessageDescriptor.MAX_TOPIC_LENGTH_V1) {
            out.setShort(at, topicBytes);
            at += 2;
        } else {
            out.setByte(at++, topicBytes);
        }
        at += MessageText.set(out, at, topic, topicBytes);
        out.setShort(at, propertiesLength);
        at += 2;
        if (propertiesBytes != null) {
            out.setBytes(at, propertiesBytes, propertiesBytes.readerIndex(), propertiesLength);
        } else if (propertiesText != null) {
            MessageText.set(out, at, propertiesText, propertiesLength);
        }
    }

    private static int putHost(ByteBuf out, int index, byte[] address, int port) {
        out.setBytes(index, address);
        out.setInt(index + address.length, port);
        return index + address.length + 4;
    }

    /**
     * Writes the end-of-file blank record at {@code index}: TOTALSIZE = {@code remaining} (the
     * bytes left in the file) and the BLANK magic; the rest of the file is left as it is.
     */
    public static void putBlank(ByteBuf buf, int index, int remaining) {
        buf.setInt(index + TOTAL_SIZE_OFFSET, remaining);
        buf.setInt(index + MAGIC_CODE_OFFSET, MessageDescriptor.BLANK_MAGIC);
    }

    /** Overwrites QUEUEOFFSET of the record at {@code record}. */
    public static void putQueueOffset(ByteBuf buf, int record, long value) {
        buf.setLong(record + QUEUE_OFFSET_OFFSET, value);
    }

    /** Overwrites PHYSICALOFFSET of the record at {@code record}. */
    public static void putPhysicalOffset(ByteBuf buf, int record, long value) {
        buf.setLong(record + PHYSICAL_OFFSET_OFFSET, value);
    }

    /** Overwrites BODYCRC of the record at {@code record}. */
    public static void putBodyCrc(ByteBuf buf, int record, int value) {
        buf.setInt(record + BODY_CRC_OFFSET, value);
    }

    /** Overwrites STORETIMESTAMP of the record at {@code record} (position per its SYSFLAG). */
    public static void putStoreTimestamp(ByteBuf buf, int record, long value) {
        int flags = buf.getInt(record + SYS_FLAG_OFFSET);
        buf.setLong(record + MessageDescriptor.storeTimestampOffset(flags), value);
    }

    /**
     * Overwrites STOREHOST of the record at {@code record}; the address length must match the
     * record's STOREHOST_V6 bit (the record length cannot change in place).
     */
    public static void putStoreHost(ByteBuf buf, int record, byte[] address, int port) {
        int flags = buf.getInt(record + SYS_FLAG_OFFSET);
        if (address.length + 4 != MessageDescriptor.storeHostLength(flags)) {
            throw new IllegalArgumentException("store address length differs from the record's");
        }
        putHost(buf, record + MessageDescriptor.storeHostOffset(flags), address, port);
    }
}
