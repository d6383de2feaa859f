package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.sysflag.MessageSysFlag;
import org.junit.jupiter.api.Test;

class MessageDescriptorTest {
    @Test
    void shouldMatchApacheConstants() {
        assertThat(MessageDescriptor.MAGIC_V1).isEqualTo(MessageDecoder.MESSAGE_MAGIC_CODE);
        assertThat(MessageDescriptor.MAGIC_V2).isEqualTo(MessageDecoder.MESSAGE_MAGIC_CODE_V2);
        assertThat(MessageDescriptor.BLANK_MAGIC).isEqualTo(MessageDecoder.BLANK_MAGIC_CODE);
        assertThat(MessageDescriptor.PHYSICAL_OFFSET_OFFSET)
                .isEqualTo(MessageDecoder.PHY_POS_POSITION);
        assertThat(MessageDescriptor.QUEUE_OFFSET_OFFSET)
                .isEqualTo(MessageDecoder.QUEUE_OFFSET_POSITION);
        assertThat(MessageDescriptor.SYS_FLAG_OFFSET).isEqualTo(MessageDecoder.SYSFLAG_POSITION);
        assertThat(MessageDescriptor.FLAG_OFFSET).isEqualTo(MessageDecoder.MESSAGE_FLAG_POSITION);
        assertThat(MessageDescriptor.storeTimestampOffset(0))
                .isEqualTo(MessageDecoder.MESSAGE_STORE_TIMESTAMP_POSITION);
        assertThat(MessageDescriptor.FLAG_BORN_HOST_V6).isEqualTo(MessageSysFlag.BORNHOST_V6_FLAG);
        assertThat(MessageDescriptor.FLAG_STORE_HOST_V6)
                .isEqualTo(MessageSysFlag.STOREHOSTADDRESS_V6_FLAG);
        assertThat(MessageDescriptor.COMPRESSION_TYPE_MASK)
                .isEqualTo(MessageSysFlag.COMPRESSION_TYPE_COMPARATOR);
        assertThat(MessageDescriptor.COMPRESSION_ZLIB)
                .isEqualTo(MessageSysFlag.COMPRESSION_ZLIB_TYPE);
        assertThat(MessageDescriptor.FLAG_INNER_BATCH).isEqualTo(MessageSysFlag.INNER_BATCH_FLAG);
        assertThat(MessageDescriptor.FLAG_NEED_UNWRAP).isEqualTo(MessageSysFlag.NEED_UNWRAP_FLAG);
    }

    @Test
    void shouldShiftVariableOffsetsByTwelvePerIpv6Host() {
        assertThat(MessageDescriptor.bodyOffset(0)).isEqualTo(MessageDescriptor.FIXED_LENGTH_V4);
        assertThat(MessageDescriptor.bodyOffset(MessageDescriptor.FLAG_BORN_HOST_V6))
                .isEqualTo(100);
        int both = MessageDescriptor.FLAG_BORN_HOST_V6 | MessageDescriptor.FLAG_STORE_HOST_V6;
        assertThat(MessageDescriptor.bodyOffset(both)).isEqualTo(112);
        assertThat(MessageDescriptor.storeHostOffset(both)).isEqualTo(76);
        assertThat(MessageDescriptor.reconsumeTimesOffset(0)).isEqualTo(72);
        assertThat(MessageDescriptor.preparedTransactionOffsetOffset(0)).isEqualTo(76);
    }

    @Test
    void shouldComputeRecordLengthOfWorkedExample() {
        assertThat(MessageDescriptor.recordLength(0, MessageDescriptor.MAGIC_V1, 5, 9, 173))
                .isEqualTo(278);
        assertThat(MessageDescriptor.magicFor(128)).isEqualTo(MessageDescriptor.MAGIC_V2);
        assertThat(MessageDescriptor.magicFor(127)).isEqualTo(MessageDescriptor.MAGIC_V1);
    }
}
