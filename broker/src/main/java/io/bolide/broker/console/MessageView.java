package io.bolide.broker.console;

import io.bolide.protocol.message.MessageDescriptor;
import io.bolide.protocol.message.MessageProperty;
import io.bolide.protocol.message.OffsetMessageId;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A stored record as the console shows it: where it sits, its ids, times, hosts, properties and its
 * body both as text (when it is valid UTF-8) and as hex.
 */
final class MessageView {
    /** Bodies beyond this are cut in the view (the length says how long the body is). */
    static final int MAX_SHOWN_BODY = 64 * 1024;

    private MessageView() {}

    /** The view of the record {@code record} holds from its reader index; not released here. */
    static Map<String, Object> of(ByteBuf record) {
        StoredMessageFlyweight message = new StoredMessageFlyweight();
        message.wrap(record, record.readerIndex(), record.writerIndex());
        Map<String, String> properties = message.propertyMap();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("topic", message.topic());
        view.put("queueId", message.queueId());
        view.put("queueOffset", message.queueOffset());
        view.put("commitLogOffset", message.physicalOffset());
        view.put("msgId", properties.get(MessageProperty.UNIQ_KEY));
        view.put("offsetMsgId", OffsetMessageId.of(message));
        view.put("tags", properties.get(MessageProperty.TAGS));
        view.put("keys", properties.get(MessageProperty.KEYS));
        view.put("bornTimestamp", message.bornTimestamp());
        view.put("storeTimestamp", message.storeTimestamp());
        view.put("bornHost", hostText(message.bornHost().toString()));
        view.put("storeHost", hostText(message.storeHost().toString()));
        view.put("reconsumeTimes", message.reconsumeTimes());
        view.put("sysFlag", message.sysFlag());
        view.put("compressed", (message.sysFlag() & MessageDescriptor.FLAG_COMPRESSED) != 0);
        view.put("properties", properties);
        body(message.body(), view);
        return view;
    }

    private static void body(ByteBuf body, Map<String, Object> view) {
        int length = body.readableBytes();
        int shown = Math.min(length, MAX_SHOWN_BODY);
        byte[] bytes = new byte[shown];
        body.getBytes(body.readerIndex(), bytes);
        view.put("bodyLength", length);
        view.put("bodyTruncated", shown < length);
        view.put("bodyText", utf8(bytes));
        view.put("bodyHex", ByteBufUtil.hexDump(bytes));
    }

    /** The text of a valid UTF-8 body, or null when it is binary. */
    private static String utf8(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static String hostText(String socketAddress) {
        return socketAddress.startsWith("/") ? socketAddress.substring(1) : socketAddress;
    }

    /** The commit-log offset an offsetMsgId names (its last 16 hex digits), or 400. */
    static long offsetOf(String offsetMsgId) {
        int length = offsetMsgId.length();
        if ((length != OffsetMessageId.V4_LENGTH && length != OffsetMessageId.V6_LENGTH)
                || !offsetMsgId.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw ApiError.badRequest(
                    "not an offset message id (32 or 56 hex digits): use ?topic=&msgId= for a"
                            + " client's message id");
        }
        return Long.parseUnsignedLong(offsetMsgId.substring(length - 16), 16);
    }
}
