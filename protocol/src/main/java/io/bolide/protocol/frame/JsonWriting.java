package io.bolide.protocol.frame;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;

/** JSON string output straight into a buffer, escaped as fastjson escapes. */
final class JsonWriting {
    private static final byte[] HEX = {
        '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f'
    };

    private JsonWriting() {}

    static void writeAscii(ByteBuf out, String ascii) {
        ByteBufUtil.writeAscii(out, ascii);
    }

    /** Writes {@code value} quoted, escaping quotes, backslashes and control characters. */
    static void writeString(ByteBuf out, String value) {
        out.writeByte('"');
        int length = value.length();
        int runStart = 0;
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            if (i > runStart) {
                ByteBufUtil.writeUtf8(out, value, runStart, i);
            }
            writeEscape(out, c);
            runStart = i + 1;
        }
        if (runStart < length) {
            ByteBufUtil.writeUtf8(out, value, runStart, length);
        }
        out.writeByte('"');
    }

    private static void writeEscape(ByteBuf out, char c) {
        out.ensureWritable(6);
        out.writeByte('\\');
        switch (c) {
            case '"':
            case '\\':
                out.writeByte(c);
                return;
            case '\n':
                out.writeByte('n');
                return;
            case '\r':
                out.writeByte('r');
                return;
            case '\t':
                out.writeByte('t');
                return;
            case '\b':
                out.writeByte('b');
                return;
            case '\f':
                out.writeByte('f');
                return;
            default:
                out.writeByte('u');
                out.writeByte('0');
                out.writeByte('0');
                out.writeByte(HEX[c >> 4]);
                out.writeByte(HEX[c & 0xF]);
        }
    }
}
