package io.bolide.broker.filter;

import io.bolide.protocol.frame.ProtocolDecodeException;
import io.bolide.protocol.message.MessageProperties;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.netty.buffer.ByteBuf;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.Predicate;

/**
 * A subscription's SQL92 expression compiled once, judging stored records as the store offers them:
 * properties are looked up in place in the record's properties bytes (only the names the expression
 * uses, each decoded only when asked), the body is never touched. Holds the compile error instead
 * when the expression is invalid, so every pull of that subscription can answer it.
 */
public final class SqlRecordFilter implements Predicate<ByteBuf> {
    /** The subscription expression type this filter serves. */
    public static final String TYPE = "SQL92";

    private final String expression;
    private final SqlFilter filter;
    private final String error;
    private final byte[][] names;

    private SqlRecordFilter(String expression, SqlFilter filter, String error) {
        this.expression = expression;
        this.filter = filter;
        this.error = error;
        List<String> used = filter == null ? List.of() : filter.propertyNames();
        this.names = new byte[used.size()][];
        for (int i = 0; i < names.length; i++) {
            names[i] = used.get(i).getBytes(StandardCharsets.UTF_8);
        }
    }

    public static boolean isSql(String expressionType) {
        return TYPE.equals(expressionType);
    }

    /** Compiles {@code expression}; never throws (see {@link #error()}). */
    static SqlRecordFilter compile(String expression) {
        try {
            return new SqlRecordFilter(expression, SqlFilter.compile(expression), null);
        } catch (SqlFilterException e) {
            return new SqlRecordFilter(expression, null, e.getMessage());
        }
    }

    public String expression() {
        return expression;
    }

    /** Why the expression does not compile, or null when it does. */
    public String error() {
        return error;
    }

    @Override
    public boolean test(ByteBuf record) {
        if (filter == null) {
            return false;
        }
        StoredMessageFlyweight message;
        try {
            message = new StoredMessageFlyweight().wrap(record, record.readerIndex());
        } catch (ProtocolDecodeException e) {
            // A record the store handed out but cannot be parsed matches nothing.
            return false;
        }
        return filter.matches(
                new RecordProperties(
                        record, message.propertiesIndex(), message.propertiesLength(), names));
    }

    /** The properties of one record, read in place. */
    private static final class RecordProperties implements PropertySource {
        private final ByteBuf buf;
        private final int from;
        private final int length;
        private final byte[][] names;

        RecordProperties(ByteBuf buf, int from, int length, byte[][] names) {
            this.buf = buf;
            this.from = from;
            this.length = length;
            this.names = names;
        }

        @Override
        public String property(int slot, String name) {
            try {
                return MessageProperties.value(buf, from, length, names[slot]);
            } catch (ProtocolDecodeException e) {
                // Not valid UTF-8: treated as absent.
                return null;
            }
        }
    }
}
