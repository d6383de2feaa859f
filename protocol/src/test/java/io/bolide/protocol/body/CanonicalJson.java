package io.bolide.protocol.body;

import com.fasterxml.jackson.core.json.JsonReadFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A comparable form of a fastjson-style body: keys sorted (object keys canonicalised themselves),
 * numbers normalised, arrays sorted (sets have no order on either side). Two encodings with equal
 * canonical forms carry the same properties with the same values.
 */
final class CanonicalJson {
    private static final ObjectMapper PLAIN =
            JsonMapper.builder().enable(JsonReadFeature.ALLOW_UNQUOTED_FIELD_NAMES).build();

    private CanonicalJson() {}

    static String of(byte[] json) {
        byte[] rewritten = ObjectKeyRewriter.rewrite(json, 0, json.length);
        return parse(rewritten == null ? json : rewritten);
    }

    private static String parse(byte[] json) {
        try {
            return canonical(PLAIN.readTree(json));
        } catch (IOException e) {
            throw new IllegalStateException(new String(json, StandardCharsets.UTF_8), e);
        }
    }

    /** A rewritten object key in canonical form, or a plain string key that starts with a brace. */
    private static String objectKey(String key) {
        try {
            return of(key.getBytes(StandardCharsets.UTF_8));
        } catch (RuntimeException notAnObject) {
            return key;
        }
    }

    private static String canonical(JsonNode node) {
        if (node.isObject()) {
            Map<String, String> sorted = new TreeMap<>();
            for (Map.Entry<String, JsonNode> field : node.properties()) {
                String key = field.getKey();
                if (key.startsWith("{")) {
                    key = objectKey(key);
                }
                sorted.put(key, canonical(field.getValue()));
            }
            return "{" + sorted + "}";
        }
        if (node.isArray()) {
            List<String> items = new ArrayList<>();
            node.forEach(item -> items.add(canonical(item)));
            items.sort(null);
            return items.toString();
        }
        if (node.isNumber()) {
            return new BigDecimal(node.asText()).stripTrailingZeros().toPlainString();
        }
        return node.toString();
    }
}
