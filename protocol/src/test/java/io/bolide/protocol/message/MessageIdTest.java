package io.bolide.protocol.message;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageId;
import org.junit.jupiter.api.Test;

class MessageIdTest {
    @Test
    void shouldRenderOffsetIdsAsApacheAndParseTheirs() throws Exception {
        Random random = new Random(20260301);
        for (int i = 0; i < 500; i++) {
            byte[] address = new byte[i % 3 == 0 ? 16 : 4];
            random.nextBytes(address);
            int port = random.nextInt(65536);
            long offset = random.nextLong() & Long.MAX_VALUE;
            InetSocketAddress socket =
                    new InetSocketAddress(InetAddress.getByAddress(address), port);
            String apache = MessageDecoder.createMessageId(socket, offset);
            String bolide = OffsetMessageId.toString(address, port, offset);
            assertThat(bolide).isEqualTo(apache).hasSize(OffsetMessageId.length(address.length));
            MessageId decoded = MessageDecoder.decodeMessageId(bolide);
            assertThat(decoded.getAddress()).isEqualTo(socket);
            assertThat(decoded.getOffset()).isEqualTo(offset);
            OffsetMessageId parsed = OffsetMessageId.parse(apache.toLowerCase());
            assertThat(parsed.socketAddress()).isEqualTo(socket);
            assertThat(parsed.offset()).isEqualTo(offset);
            assertThat(parsed.address()).isEqualTo(address);
            assertThat(parsed.toString()).isEqualTo(apache);
        }
        assertThat(OffsetMessageId.toString(new byte[] {127, 0, 0, 1}, 10911, 278))
                .isEqualTo("7F00000100002A9F0000000000000116");
    }

    @Test
    void shouldRejectMalformedOffsetIds() {
        for (String bad :
                new String[] {"", "7F000001", "7F00000100002A9F000000000000011G", "x".repeat(56)}) {
            assertThatThrownBy(() -> OffsetMessageId.parse(bad))
                    .isInstanceOf(ProtocolDecodeException.class);
        }
    }

    @Test
    void shouldGenerateUniqueKeysThatApacheParses() throws Exception {
        byte[] ip = {10, 1, 2, 3};
        // Apache reads an id stamped with the current millisecond (or later) as last month's, so
        // the ids are stamped a second in the past.
        Clock past = Clock.offset(Clock.systemDefaultZone(), Duration.ofSeconds(-1));
        long pid = ProcessHandle.current().pid();
        UniqueKeyGenerator generator = new UniqueKeyGenerator(ip, pid, 7, past);
        String id = generator.next();
        assertThat(id).hasSize(32).matches("[0-9A-F]{32}");
        assertThat(MessageClientIDSetter.getIPStrFromID(id)).isEqualTo("10.1.2.3");
        assertThat(MessageClientIDSetter.getPidFromID(id))
                .isEqualTo((int) (ProcessHandle.current().pid() & 0xFFFF));
        long nearly = MessageClientIDSetter.getNearlyTimeFromID(id).getTime();
        assertThat(Math.abs(nearly - System.currentTimeMillis())).isLessThan(60_000);

        byte[] ip6 = InetAddress.getByName("fd00::2").getAddress();
        String id6 = new UniqueKeyGenerator(ip6, pid, 7, past).next();
        assertThat(id6).hasSize(56);
        assertThat(MessageClientIDSetter.getIPFromID(id6)).isEqualTo(ip6);
        long nearly6 = MessageClientIDSetter.getNearlyTimeFromID(id6).getTime();
        assertThat(Math.abs(nearly6 - System.currentTimeMillis())).isLessThan(60_000);
    }

    @Test
    void shouldShareApacheLayoutForTheSameProcessFacts() {
        String apache = MessageClientIDSetter.createUniqID();
        byte[] ip = MessageClientIDSetter.getIPFromID(apache);
        int pid = MessageClientIDSetter.getPidFromID(apache);
        int loaderHash = MessageClientIDSetter.class.getClassLoader().hashCode();
        UniqueKeyGenerator generator =
                new UniqueKeyGenerator(ip, pid, loaderHash, Clock.systemDefaultZone());
        String bolide = generator.next();
        int prefix = bolide.length() - 12;
        assertThat(bolide.substring(0, prefix)).isEqualTo(apache.substring(0, prefix));
        long apacheTime = Long.parseLong(apache.substring(prefix, prefix + 8), 16);
        long bolideTime = Long.parseLong(bolide.substring(prefix, prefix + 8), 16);
        assertThat(bolideTime - apacheTime).isBetween(0L, 60_000L);
    }

    @Test
    void shouldCountAndWriteIdsIntoArraysAndBuffers() {
        Clock clock = Clock.fixed(Instant.parse("2026-03-01T00:00:01.500Z"), ZoneId.of("UTC"));
        UniqueKeyGenerator generator =
                new UniqueKeyGenerator(new byte[4], 0x3CE7, 0x30946E09, clock);
        char[] chars = new char[40];
        assertThat(generator.next(chars, 4)).isEqualTo(36);
        assertThat(new String(chars, 4, 32)).isEqualTo("000000003CE730946E09000005DC0000");
        byte[] bytes = new byte[32];
        generator.next(bytes, 0);
        assertThat(new String(bytes, StandardCharsets.US_ASCII)).endsWith("000005DC0001");
        ByteBuf out = Unpooled.buffer(8);
        generator.next(out);
        assertThat(out.toString(StandardCharsets.US_ASCII)).endsWith("000005DC0002");
        out.release();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            seen.add(generator.next());
        }
        assertThat(seen).hasSize(2_000);
    }

    @Test
    void shouldRestartTimeAtEachMonthInTheClockZone() {
        Instant instant = Instant.parse("2026-02-28T23:30:00Z");
        ZoneId zone = ZoneId.of("Asia/Shanghai");
        UniqueKeyGenerator generator =
                new UniqueKeyGenerator(new byte[4], 1, 2, Clock.fixed(instant, zone));
        String id = generator.next();
        long elapsed = Long.parseLong(id.substring(20, 28), 16);
        // 23:30 UTC on 28 February is 07:30 on 1 March in Shanghai.
        assertThat(elapsed).isEqualTo(450 * 60 * 1000L);
        assertThat(UtilAll.bytes2string(new byte[] {1})).isEqualTo("01");
    }
}
