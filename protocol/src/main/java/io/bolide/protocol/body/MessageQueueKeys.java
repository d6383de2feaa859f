package io.bolide.protocol.body;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.ObjectCodec;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.KeyDeserializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import java.io.IOException;
import java.util.Map;

/**
 * Maps keyed by {@link MessageQueue} in fastjson's object-key form, both ways: written as {@code
 * {{"brokerName":..}:value}} (the only form the Apache side parses), read from the string keys that
 * {@link ObjectKeyRewriter} turns them into.
 */
final class MessageQueueKeys {
    private MessageQueueKeys() {}

    /** Reads a key holding the JSON text of a queue. */
    static final class Reader extends KeyDeserializer {
        @Override
        public Object deserializeKey(String key, DeserializationContext context)
                throws IOException {
            ObjectCodec codec = context.getParser().getCodec();
            try (JsonParser parser = codec.getFactory().createParser(key)) {
                parser.setCodec(codec);
                parser.nextToken();
                return context.readValue(parser, MessageQueue.class);
            }
        }
    }

    /**
     * Writes the whole map as a raw value: Jackson's generator can only write string field names,
     * and the key here must be an object.
     */
    @SuppressWarnings("rawtypes")
    static final class Writer extends StdSerializer<Map> {
        private static final long serialVersionUID = 1L;

        Writer() {
            super(Map.class);
        }

        @Override
        public void serialize(Map map, JsonGenerator gen, SerializerProvider provider)
                throws IOException {
            ObjectCodec codec = gen.getCodec();
            StringBuilder text = new StringBuilder(32 + map.size() * 96).append('{');
            boolean first = true;
            for (Object entry : map.entrySet()) {
                Map.Entry<?, ?> e = (Map.Entry<?, ?>) entry;
                if (!first) {
                    text.append(',');
                }
                first = false;
                text.append(write(codec, e.getKey()))
                        .append(':')
                        .append(write(codec, e.getValue()));
            }
            gen.writeRawValue(text.append('}').toString());
        }

        private static String write(ObjectCodec codec, Object value) throws IOException {
            return ((ObjectMapper) codec).writeValueAsString(value);
        }
    }
}
