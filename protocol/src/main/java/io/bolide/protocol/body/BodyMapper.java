package io.bolide.protocol.body;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.type.MapType;

/**
 * The one JSON mapper for bodies, configured to read what fastjson/fastjson2 write and to write
 * what they read.
 *
 * <ul>
 *   <li>Unquoted field names ({@code {0:"127.0.0.1:10911"}} for numeric map keys) and single quotes
 *       are accepted; Bolide itself writes standard quoted keys, which fastjson parses.
 *   <li>Unknown properties are ignored, unknown enum names read as null: newer peers add both.
 *   <li>Properties are written in alphabetical order and nulls are omitted, as fastjson does.
 *   <li>Maps keyed by {@link MessageQueue} use fastjson's object-key form (see {@link
 *       ObjectKeyRewriter}).
 *   <li>Nesting is capped: no RocketMQ body is deep, and recursion depth must not be up to the
 *       sender.
 * </ul>
 */
final class BodyMapper {
    private BodyMapper() {}

    static ObjectMapper create() {
        JsonFactory factory =
                JsonFactory.builder()
                        .enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES)
                        .streamReadConstraints(
                                StreamReadConstraints.builder()
                                        .maxNestingDepth(ObjectKeyRewriter.MAX_DEPTH)
                                        .build())
                        .build();
        SimpleModule module = new SimpleModule("bolide-bodies");
        module.addKeyDeserializer(MessageQueue.class, new MessageQueueKeys.Reader());
        module.setSerializerModifier(new ObjectKeyMaps());
        return JsonMapper.builder(factory)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_AS_NULL)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
                .disable(MapperFeature.SORT_CREATOR_PROPERTIES_FIRST)
                .disable(SerializationFeature.FAIL_ON_EMPTY_BEANS)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .addModule(module)
                .build();
    }

    /** Swaps in the object-key writer for every map whose key type is {@link MessageQueue}. */
    private static final class ObjectKeyMaps extends BeanSerializerModifier {
        private static final long serialVersionUID = 1L;

        @Override
        public JsonSerializer<?> modifyMapSerializer(
                SerializationConfig config,
                MapType type,
                BeanDescription description,
                JsonSerializer<?> serializer) {
            if (type.getKeyType().hasRawClass(MessageQueue.class)) {
                return new MessageQueueKeys.Writer();
            }
            return serializer;
        }
    }
}
