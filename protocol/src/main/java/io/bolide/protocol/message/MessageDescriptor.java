package io.bolide.protocol.message;

/**
 * Layout of one stored message record, as the commit log holds it and as pull, view-by-id and
 * check-back bodies carry it (records back to back, no padding). All integers are big-endian.
 *
 * <pre>
 *   0                   1                   2                   3
 *   0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1 2 3 4 5 6 7 8 9 0 1
 *  +---------------------------------------------------------------+
 *  |                 TOTALSIZE (whole record, this field included) |  0
 *  +---------------------------------------------------------------+
 *  |                 MAGICCODE (V1 / V2; BLANK = end of file)      |  4
 *  +---------------------------------------------------------------+
 *  |                 BODYCRC (CRC32 of stored body &amp; 0x7FFFFFFF) |  8
 *  +---------------------------------------------------------------+
 *  |                 QUEUEID                                       | 12
 *  +---------------------------------------------------------------+
 *  |                 FLAG (user flag)                              | 16
 *  +---------------------------------------------------------------+
 *  |                 QUEUEOFFSET (int64, consume-queue index)      | 20
 *  +---------------------------------------------------------------+
 *  |                 PHYSICALOFFSET (int64, commit-log position)   | 28
 *  +---------------------------------------------------------------+
 *  |                 SYSFLAG                                       | 36
 *  +---------------------------------------------------------------+
 *  |                 BORNTIMESTAMP (int64, ms)                     | 40
 *  +---------------------------------------------------------------+
 *  |  BORNHOST: address (4, or 16 if BORNHOST_V6) + port (int32)   | 48
 *  +---------------------------------------------------------------+
 *  |                 STORETIMESTAMP (int64, ms)                    | 56 (IPv4 born host)
 *  +---------------------------------------------------------------+
 *  | STOREHOST: address (4, or 16 if STOREHOST_V6) + port (int32)  | 64
 *  +---------------------------------------------------------------+
 *  |                 RECONSUMETIMES                                | 72
 *  +---------------------------------------------------------------+
 *  |                 PREPAREDTRANSACTIONOFFSET (int64)             | 76
 *  +---------------------------------------------------------------+
 *  |                 BODYLENGTH                                    | 84
 *  +---------------------------------------------------------------+
 *  |                 BODY                                        ...
 *  +---------------+-----------------------------------------------+
 *  | TOPICLENGTH: int8 (V1) or int16 (V2) | TOPIC (UTF-8)        ...
 *  +---------------------------------------------------------------+
 *  | PROPERTIESLENGTH: int16 (signed) | PROPERTIES                ...
 *  +---------------------------------------------------------------+
 * </pre>
 *
 * <p>Offsets from STORETIMESTAMP on shift by 12 per IPv6 host, so they are methods of the SYSFLAG.
 * The end-of-file blank record is TOTALSIZE (remaining bytes of the file) + BLANK magic only; the
 * rest of the file after it is undefined.
 */
public final class MessageDescriptor {
    /** Offset of TOTALSIZE. */
    public static final int TOTAL_SIZE_OFFSET = 0;

    /** Offset of MAGICCODE. */
    public static final int MAGIC_CODE_OFFSET = 4;

    /** Offset of BODYCRC. */
    public static final int BODY_CRC_OFFSET = 8;

    /** Offset of QUEUEID. */
    public static final int QUEUE_ID_OFFSET = 12;

    /** Offset of FLAG. */
    public static final int FLAG_OFFSET = 16;

    /** Offset of QUEUEOFFSET. */
    public static final int QUEUE_OFFSET_OFFSET = 20;

    /** Offset of PHYSICALOFFSET. */
    public static final int PHYSICAL_OFFSET_OFFSET = 28;

    /** Offset of SYSFLAG. */
    public static final int SYS_FLAG_OFFSET = 36;

    /** Offset of BORNTIMESTAMP. */
    public static final int BORN_TIMESTAMP_OFFSET = 40;

    /** Offset of BORNHOST. */
    public static final int BORN_HOST_OFFSET = 48;

    /** Record format V1: 1-byte (signed) topic length. What every client understands. */
    public static final int MAGIC_V1 = 0xDAA320A7;

    /** Record format V2: 2-byte topic length; only written for topics longer than 127 bytes. */
    public static final int MAGIC_V2 = 0xDAA320AB;

    /** End-of-file marker: TOTALSIZE + this magic, written where the next record does not fit. */
    public static final int BLANK_MAGIC = 0xCBD43194;

    /** A record is only placed in a file if this many bytes remain after it (for a blank). */
    public static final int END_FILE_MIN_BLANK_LENGTH = 8;

    /** Size of an IPv4 host field: address + int32 port. */
    public static final int HOST_V4_LENGTH = 8;

    /** Size of an IPv6 host field: address + int32 port. */
    public static final int HOST_V6_LENGTH = 20;

    /** Fixed part (fields up to BODYLENGTH inclusive) with two IPv4 hosts. */
    public static final int FIXED_LENGTH_V4 = 88;

    /** Longest topic a V1 record can carry (its length byte is signed). */
    public static final int MAX_TOPIC_LENGTH_V1 = 127;

    /** Longest properties string (its length field is a signed int16). */
    public static final int MAX_PROPERTIES_LENGTH = Short.MAX_VALUE;

    /** Smallest possible record: IPv4 fixed part, empty body, V1 empty topic, no properties. */
    public static final int MIN_RECORD_LENGTH = FIXED_LENGTH_V4 + 1 + 2;

    // SYSFLAG bits.

    /** SYSFLAG: body is compressed; algorithm in {@link #COMPRESSION_TYPE_MASK}. */
    public static final int FLAG_COMPRESSED = 0x1;

    /** SYSFLAG: legacy multi-tag topic filter. */
    public static final int FLAG_MULTI_TAGS = 0x2;

    /** SYSFLAG: the two transaction-type bits. */
    public static final int TRANSACTION_TYPE_MASK = 0xC;

    /** Transaction type: not transactional. */
    public static final int TRANSACTION_NOT_TYPE = 0x0;

    /** Transaction type: half (prepared) message. */
    public static final int TRANSACTION_PREPARED_TYPE = 0x4;

    /** Transaction type: committed. */
    public static final int TRANSACTION_COMMIT_TYPE = 0x8;

    /** Transaction type: rolled back. */
    public static final int TRANSACTION_ROLLBACK_TYPE = 0xC;

    /** SYSFLAG: BORNHOST holds a 16-byte address. */
    public static final int FLAG_BORN_HOST_V6 = 0x10;

    /** SYSFLAG: STOREHOST holds a 16-byte address. */
    public static final int FLAG_STORE_HOST_V6 = 0x20;

    /** SYSFLAG: inner-batch record the client must unwrap. */
    public static final int FLAG_NEED_UNWRAP = 0x40;

    /** SYSFLAG: the body is a batch of messages. */
    public static final int FLAG_INNER_BATCH = 0x80;

    /** SYSFLAG: the compression-type bits (8..10). */
    public static final int COMPRESSION_TYPE_MASK = 0x700;

    /** Compression type LZ4. */
    public static final int COMPRESSION_LZ4 = 0x100;

    /** Compression type ZSTD. */
    public static final int COMPRESSION_ZSTD = 0x200;

    /** Compression type ZLIB (type 0 with the compressed bit is also read as ZLIB). */
    public static final int COMPRESSION_ZLIB = 0x300;

    private MessageDescriptor() {}

    /** Size of the BORNHOST field for {@code sysFlag}. */
    public static int bornHostLength(int sysFlag) {
        return (sysFlag & FLAG_BORN_HOST_V6) != 0 ? HOST_V6_LENGTH : HOST_V4_LENGTH;
    }

    /** Size of the STOREHOST field for {@code sysFlag}. */
    public static int storeHostLength(int sysFlag) {
        return (sysFlag & FLAG_STORE_HOST_V6) != 0 ? HOST_V6_LENGTH : HOST_V4_LENGTH;
    }

    /** Offset of STORETIMESTAMP for {@code sysFlag}. */
    public static int storeTimestampOffset(int sysFlag) {
        return BORN_HOST_OFFSET + bornHostLength(sysFlag);
    }

    /** Offset of STOREHOST for {@code sysFlag}. */
    public static int storeHostOffset(int sysFlag) {
        return storeTimestampOffset(sysFlag) + 8;
    }

    /** Offset of RECONSUMETIMES for {@code sysFlag}. */
    public static int reconsumeTimesOffset(int sysFlag) {
        return storeHostOffset(sysFlag) + storeHostLength(sysFlag);
    }

    /** Offset of PREPAREDTRANSACTIONOFFSET for {@code sysFlag}. */
    public static int preparedTransactionOffsetOffset(int sysFlag) {
        return reconsumeTimesOffset(sysFlag) + 4;
    }

    /** Offset of BODYLENGTH for {@code sysFlag}. */
    public static int bodyLengthOffset(int sysFlag) {
        return preparedTransactionOffsetOffset(sysFlag) + 8;
    }

    /** Offset of BODY for {@code sysFlag}: the size of the fixed part. */
    public static int bodyOffset(int sysFlag) {
        return bodyLengthOffset(sysFlag) + 4;
    }

    /** Size of the TOPICLENGTH field for a record with {@code magic}. */
    public static int topicLengthSize(int magic) {
        return magic == MAGIC_V2 ? 2 : 1;
    }

    /** Whether {@code magic} starts a message record (V1 or V2). */
    public static boolean isMessageMagic(int magic) {
        return magic == MAGIC_V1 || magic == MAGIC_V2;
    }

    /** The magic a record for a topic of {@code topicBytes} UTF-8 bytes needs (as the broker). */
    public static int magicFor(int topicBytes) {
        return topicBytes > MAX_TOPIC_LENGTH_V1 ? MAGIC_V2 : MAGIC_V1;
    }

    /** TOTALSIZE of a record with these field sizes (bytes), as a long to expose overflow. */
    public static long recordLength(
            int sysFlag, int magic, int bodyLength, int topicLength, int propertiesLength) {
        return (long) bodyOffset(sysFlag)
                + bodyLength
                + topicLengthSize(magic)
                + topicLength
                + 2
                + propertiesLength;
    }

    /** The transaction type bits of {@code sysFlag}. */
    public static int transactionType(int sysFlag) {
        return sysFlag & TRANSACTION_TYPE_MASK;
    }

    /** {@code sysFlag} with its transaction type replaced by {@code type}. */
    public static int withTransactionType(int sysFlag, int type) {
        return (sysFlag & ~TRANSACTION_TYPE_MASK) | (type & TRANSACTION_TYPE_MASK);
    }

    /** Whether the body is compressed. */
    public static boolean isCompressed(int sysFlag) {
        return (sysFlag & FLAG_COMPRESSED) != 0;
    }
}
