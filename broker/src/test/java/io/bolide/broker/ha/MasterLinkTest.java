package io.bolide.broker.ha;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.protocol.message.StoredMessageEncoder;
import io.bolide.store.MessageStore;
import io.bolide.store.StoreConfig;
import io.bolide.testsupport.LeakCheck;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** A slave's end of the HA link against well-formed and hostile master input, no socket. */
@ExtendWith(LeakCheck.class)
class MasterLinkTest {
    private static final int SEGMENT = 64 * 1024;

    @TempDir Path dir;
    private MessageStore store;
    private EmbeddedChannel channel;

    @BeforeEach
    void open() throws Exception {
        store =
                MessageStore.open(
                        StoreConfig.builder(dir).segmentSize(SEGMENT).replica(true).build());
        HaSettings settings = new HaSettings(32 * 1024, 5_000, 20_000, 1 << 20, 1_000);
        channel = new EmbeddedChannel(new MasterLink(store, settings, new ClientCounters()));
    }

    @AfterEach
    void close() throws Exception {
        channel.finishAndReleaseAll();
        store.close();
    }

    private long nextReport() {
        ByteBuf report = channel.readOutbound();
        try {
            assertThat(report.readableBytes()).isEqualTo(HaFrame.REPORT_LENGTH);
            return report.readLong();
        } finally {
            report.release();
        }
    }

    private static ByteBuf frame(long offset, int size, byte[] body) {
        ByteBuf frame = Unpooled.buffer();
        frame.writeLong(offset).writeInt(size);
        if (body != null) {
            frame.writeBytes(body);
        }
        return frame;
    }

    private static byte[] blankSegment() {
        // A whole segment of end-of-file blank: 8 header bytes, the rest zeros.
        ByteBuf blank = Unpooled.buffer(SEGMENT);
        blank.writeInt(SEGMENT).writeInt(MessageDescriptor.BLANK_MAGIC);
        blank.writerIndex(SEGMENT);
        byte[] bytes = new byte[SEGMENT];
        blank.getBytes(0, bytes);
        blank.release();
        return bytes;
    }

    @Test
    void shouldReportItsEndAtConnectAndAfterEachAppend() {
        assertThat(nextReport()).isZero();
        byte[] segment = blankSegment();
        // Split across reads: the link waits for the whole body.
        ByteBuf whole = frame(0, SEGMENT, segment);
        channel.writeInbound(whole.readRetainedSlice(100));
        Object none = channel.readOutbound();
        assertThat(none).isNull();
        channel.writeInbound(whole);
        assertThat(nextReport()).isEqualTo(SEGMENT);
        assertThat(store.maxPhysicalOffset()).isEqualTo(SEGMENT);
        channel.writeInbound(frame(SEGMENT, 0, null)); // a heartbeat
        assertThat(channel.isActive()).isTrue();
    }

    @Test
    void shouldReportWhatAReadAppendedWhenItEndsInsideTheNextTransfer() {
        assertThat(nextReport()).isZero();
        byte[] segment = blankSegment();
        int half = SEGMENT / 2;
        ByteBuf first = frame(0, half, Arrays.copyOfRange(segment, 0, half));
        ByteBuf second = frame(half, half, Arrays.copyOfRange(segment, half, SEGMENT));
        // One read: the first transfer whole, then the second's header and part of its body.
        ByteBuf read = Unpooled.buffer();
        read.writeBytes(first).writeBytes(second, 100);
        first.release();
        channel.writeInbound(read);
        assertThat(nextReport()).isEqualTo(half);
        channel.writeInbound(second);
        assertThat(nextReport()).isEqualTo(SEGMENT);
    }

    @Test
    void shouldCloseOnANegativeSizeWithNothingAppended() {
        nextReport();
        channel.writeInbound(frame(0, -5, null));
        assertThat(channel.isActive()).isFalse();
        assertThat(store.maxPhysicalOffset()).isZero();
    }

    @Test
    void shouldCloseOnASizeLargerThanAnyMasterSends() {
        nextReport();
        channel.writeInbound(frame(0, HaFrame.MAX_BODY + 1, null));
        assertThat(channel.isActive()).isFalse();
        assertThat(store.maxPhysicalOffset()).isZero();
    }

    @Test
    void shouldCloseWhenTheMastersOffsetIsNotItsEnd() {
        nextReport();
        channel.writeInbound(frame(0, SEGMENT, blankSegment()));
        nextReport();
        channel.writeInbound(frame(SEGMENT + 8, 4, new byte[4]));
        assertThat(channel.isActive()).isFalse();
        assertThat(store.maxPhysicalOffset()).isEqualTo(SEGMENT);
    }

    /** One stored record, as a master would ship it. */
    private static byte[] record() {
        StoredMessageEncoder encoder =
                new StoredMessageEncoder()
                        .topic("T")
                        .queueId(0)
                        .bornHost(new byte[] {127, 0, 0, 1}, 1)
                        .storeHost(new byte[] {127, 0, 0, 1}, 2)
                        .body(Unpooled.wrappedBuffer(new byte[] {1, 2, 3}))
                        .properties("");
        ByteBuf out = Unpooled.buffer(encoder.recordLength());
        encoder.encode(out);
        byte[] bytes = new byte[out.readableBytes()];
        out.readBytes(bytes);
        out.release();
        return bytes;
    }

    @Test
    void shouldCloseWhenTheBytesWouldCrossASegmentEnd() {
        nextReport();
        byte[] record = record();
        channel.writeInbound(frame(0, record.length, record));
        assertThat(channel.isActive()).isTrue();
        assertThat(nextReport()).isEqualTo(record.length);
        // The store refuses a body past its segment's end: the link closes, nothing written.
        channel.writeInbound(frame(record.length, SEGMENT, new byte[SEGMENT]));
        assertThat(channel.isActive()).isFalse();
        assertThat(store.maxPhysicalOffset()).isEqualTo(record.length);
        assertThat(store.failure()).isNull();
    }
}
