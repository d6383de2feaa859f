package io.bolide.protocol.frame;

import io.bolide.protocol.header.SendMessageRequestHeader;
import io.bolide.testsupport.ApacheOracle;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.Consumer;
import org.apache.rocketmq.remoting.protocol.header.SendMessageRequestHeaderV2;
import org.junit.jupiter.api.Test;

/**
 * Seeded differential fuzz of the JSON header against the reference's own parser (fastjson2, which
 * Apache RocketMQ 5.4.0's {@code RemotingCommand.decode} uses): headers written the many legal ways
 * clients in other languages write them (whitespace everywhere, shuffled keys, needless escapes and
 * surrogate pairs, unknown keys with nested values, numbers as strings, fractions and exponents,
 * nulls, booleans, large ext maps), and one case in five in the Java client's exact layout. Both
 * decoders must agree on every field, and a send header's codec on every value, or both must
 * reject. A failure names its case seed: {@code -Dbolide.jsonfuzz.seed=<case seed>
 * -Dbolide.jsonfuzz.cases=1} replays just that case.
 */
class JsonHeaderDifferentialFuzzTest {
    private static final long SEED = Long.getLong("bolide.jsonfuzz.seed", 0x15_0013L);
    private static final int CASES = Integer.getInteger("bolide.jsonfuzz.cases", 3_000);
    private static final org.apache.rocketmq.remoting.protocol.LanguageCode[] LANGUAGES =
            org.apache.rocketmq.remoting.protocol.LanguageCode.values();

    @Test
    void shouldDecodeEveryHeaderVariantAsTheReferenceDoes() {
        for (int i = 0; i < CASES; i++) {
            long caseSeed = SEED + i;
            Random random = new Random(caseSeed);
            boolean plain = random.nextInt(5) == 0;
            boolean sendHeader = random.nextInt(6) == 0;
            String json = header(new JsonVariantWriter(random, plain), random, plain, sendHeader);
            String difference = firstDifference(json, sendHeader);
            if (difference != null) {
                throw new AssertionError(
                        ShortFailures.printable(
                                "case "
                                        + i
                                        + " of seed "
                                        + SEED
                                        + ", case seed "
                                        + caseSeed
                                        + ": "
                                        + difference
                                        + "\n header: "
                                        + json));
            }
        }
    }

    /** A whole header: the known keys (each may be missing), unknown ones, in random order. */
    private static String header(
            JsonVariantWriter w, Random random, boolean plain, boolean sendHeader) {
        Map<String, Consumer<JsonVariantWriter>> members = new LinkedHashMap<>();
        for (String key : new String[] {"code", "flag", "opaque", "version"}) {
            if (key.equals("opaque") || plain || random.nextInt(8) > 0) {
                int value = ApacheFrameDifferentialTest.randomInt(random);
                int form = plain ? -1 : random.nextInt(12);
                members.put(key, v -> intValue(v, random, value, form));
            }
        }
        if (plain || random.nextInt(8) > 0) {
            members.put("language", v -> language(v, random, plain));
        }
        if (random.nextInt(3) > 0) {
            members.put("remark", v -> remark(v, random, plain));
        }
        if (sendHeader || random.nextInt(4) > 0) {
            Map<String, Consumer<JsonVariantWriter>> ext =
                    sendHeader ? sendFields(random, plain) : extFields(random, plain);
            members.put("extFields", v -> object(v, ext, random, plain));
        } else if (!plain && random.nextBoolean()) {
            members.put("extFields", v -> v.raw("null"));
        }
        members.put("serializeTypeCurrentRPC", v -> v.string("JSON"));
        for (int n = plain ? 0 : random.nextInt(4); n > 0; n--) {
            members.put("x" + new RandomText(random).key(8), v -> v.anyValue(3));
        }
        object(w, members, random, plain);
        return w.toString();
    }

    /** Writes {@code members} as an object: sorted as the Java client sorts them, or shuffled. */
    private static void object(
            JsonVariantWriter w,
            Map<String, Consumer<JsonVariantWriter>> members,
            Random random,
            boolean plain) {
        List<Map.Entry<String, Consumer<JsonVariantWriter>>> entries =
                new ArrayList<>(members.entrySet());
        if (plain) {
            entries.sort(Map.Entry.comparingByKey(Comparator.naturalOrder()));
        } else {
            Collections.shuffle(entries, random);
        }
        w.space().raw("{").space();
        for (int i = 0; i < entries.size(); i++) {
            if (i > 0) {
                w.space().raw(",").space();
            }
            w.key(entries.get(i).getKey());
            entries.get(i).getValue().accept(w);
        }
        w.space().raw("}").space();
    }

    /** An int in one of the forms the reference reads into an int field. */
    private static void intValue(JsonVariantWriter w, Random random, int value, int form) {
        switch (form) {
            case 0:
                w.string(Integer.toString(value));
                break;
            case 1:
                w.raw(value + "." + random.nextInt(1000)); // truncated toward zero
                break;
            case 2:
                w.raw(value == 0 ? "0e7" : value + "0e-1");
                break;
            case 3:
                // The reference rejects "2147483647.9" (it reads a string through a double, then
                // range-checks it) but truncates every other in-range fraction; Bolide truncates.
                w.string((value == Integer.MAX_VALUE ? 7 : value) + ".9");
                break;
            case 4:
                w.raw(random.nextBoolean() ? "true" : "false");
                break;
            case 5:
                w.raw("null");
                break;
            default:
                w.raw(Integer.toString(value));
                break;
        }
    }

    /**
     * A known language in the forms the reference reads alike. Not unknown names: fastjson2 2.0.43
     * reads one as null, or as JAVA after an escaped string (reader state leaks); Bolide reads
     * {@link LanguageCode#UNKNOWN} either way.
     */
    private static void language(JsonVariantWriter w, Random random, boolean plain) {
        org.apache.rocketmq.remoting.protocol.LanguageCode language =
                LANGUAGES[random.nextInt(LANGUAGES.length)];
        switch (plain ? -1 : random.nextInt(10)) {
            case 0:
                w.string(language.name().toLowerCase());
                break;
            case 1:
                w.raw(Integer.toString(language.ordinal()));
                break;
            case 2:
                // Not the ordinal as a string: fastjson2 2.0.43 then reads null if an escaped
                // string came before it (reader state leaks); Bolide reads the ordinal.
                w.string(language.name().replace("_", ""));
                break;
            case 3:
                w.raw("null");
                break;
            default:
                w.string(language.name());
                break;
        }
    }

    private static void remark(JsonVariantWriter w, Random random, boolean plain) {
        scalar(w, random, plain, 100);
    }

    /** A string, or (unless plain) any other scalar a string field may hold. */
    private static void scalar(JsonVariantWriter w, Random random, boolean plain, int maxChars) {
        RandomText text = new RandomText(random);
        switch (plain ? -1 : random.nextInt(10)) {
            case 0:
                w.raw("null");
                break;
            case 1:
            case 2:
                w.raw(w.number());
                break;
            case 3:
                w.raw(random.nextBoolean() ? "true" : "false");
                break;
            default:
                w.string(text.any(maxChars));
                break;
        }
    }

    private static Map<String, Consumer<JsonVariantWriter>> extFields(
            Random random, boolean plain) {
        RandomText text = new RandomText(random);
        Map<String, Consumer<JsonVariantWriter>> fields = new LinkedHashMap<>();
        int count = random.nextInt(4) == 0 ? random.nextInt(80) : random.nextInt(10);
        for (int i = 0; i < count; i++) {
            String key = random.nextInt(4) > 0 ? text.key(16) : text.nonEmpty(12);
            int maxChars = random.nextInt(20) == 0 ? 3_000 : 40;
            fields.put(key, v -> scalar(v, random, plain, maxChars));
        }
        return fields;
    }

    /** SEND_MESSAGE_V2's single-letter fields, typed values in the forms a client may use. */
    private static Map<String, Consumer<JsonVariantWriter>> sendFields(
            Random random, boolean plain) {
        RandomText text = new RandomText(random);
        Map<String, Consumer<JsonVariantWriter>> fields = new LinkedHashMap<>();
        for (String key : new String[] {"a", "b", "c", "i"}) {
            String value = key.equals("i") ? text.any(200) : text.key(20);
            fields.put(key, v -> v.string(value));
        }
        for (String key : new String[] {"d", "e", "f", "g", "h", "j", "l"}) {
            long value = key.equals("g") ? random.nextLong() : random.nextInt();
            boolean asNumber = !plain && random.nextBoolean();
            fields.put(key, v -> numberField(v, value, asNumber));
        }
        for (String key : new String[] {"k", "m"}) {
            boolean value = random.nextBoolean();
            boolean bare = !plain && random.nextBoolean();
            fields.put(key, v -> v.raw(bare ? Boolean.toString(value) : "\"" + value + "\""));
        }
        if (!plain && random.nextInt(4) == 0) {
            fields.remove(random.nextBoolean() ? "j" : "b"); // optional, or required and missing
        }
        return fields;
    }

    private static void numberField(JsonVariantWriter w, long value, boolean asNumber) {
        if (asNumber) {
            w.raw(Long.toString(value));
        } else {
            w.string(Long.toString(value));
        }
    }

    /** The first field on which Bolide and the reference disagree, or null. */
    static String firstDifference(String json, boolean sendHeader) {
        byte[] frame = HostileFrames.json(json);
        List<String> expected = List.of(apacheView(frame, sendHeader).split("\u0000"));
        List<String> actual = List.of(bolideView(frame, sendHeader).split("\u0000"));
        for (int i = 0; i < Math.max(expected.size(), actual.size()); i++) {
            String e = i < expected.size() ? expected.get(i) : "(nothing)";
            String a = i < actual.size() ? actual.get(i) : "(nothing)";
            if (!e.equals(a)) {
                return "reference read " + abbreviate(e) + ", Bolide read " + abbreviate(a);
            }
        }
        return null;
    }

    private static String abbreviate(String text) {
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    /** Every field Apache decodes, as text; or "rejected". */
    private static String apacheView(byte[] frame, boolean sendHeader) {
        org.apache.rocketmq.remoting.protocol.RemotingCommand command;
        try {
            command = ApacheOracle.decode(frame);
        } catch (Exception e) {
            return "rejected";
        }
        Map<String, String> ext = command.getExtFields();
        Map<String, String> readable = null;
        if (ext != null) {
            readable = new HashMap<>(ext);
            readable.values().removeIf(v -> v == null);
        }
        String fields =
                view(
                        command.getCode(),
                        command.getLanguage() == null ? -1 : command.getLanguage().ordinal(),
                        command.getVersion(),
                        command.getOpaque(),
                        command.getFlag(),
                        command.getRemark(),
                        readable);
        return sendHeader ? fields + "\u0000" + apacheSendHeader(command) : fields;
    }

    private static String apacheSendHeader(
            org.apache.rocketmq.remoting.protocol.RemotingCommand command) {
        try {
            SendMessageRequestHeaderV2 h =
                    command.decodeCommandCustomHeader(SendMessageRequestHeaderV2.class);
            return List.of(
                            h.getA(),
                            h.getB(),
                            h.getC(),
                            h.getD(),
                            h.getE(),
                            h.getF(),
                            h.getG(),
                            h.getH(),
                            String.valueOf(h.getI()),
                            String.valueOf(h.getJ()),
                            String.valueOf(h.isK()),
                            String.valueOf(h.getL()),
                            String.valueOf(h.isM()))
                    .toString();
        } catch (Exception e) {
            return "header rejected";
        }
    }

    /** Every field Bolide decodes, as {@link #apacheView} writes it; or "rejected". */
    private static String bolideView(byte[] frame, boolean sendHeader) {
        RemotingCommand command;
        try {
            command = FrameDecoder.decode(Unpooled.wrappedBuffer(frame));
        } catch (ProtocolDecodeException e) {
            return "rejected";
        }
        try {
            String fields =
                    view(
                            command.code(),
                            command.language(),
                            command.version(),
                            command.opaque(),
                            command.flag(),
                            command.remark(),
                            command.hasExtFields() ? command.extFieldMap() : null);
            return sendHeader ? fields + "\u0000" + bolideSendHeader(command) : fields;
        } catch (ProtocolDecodeException e) {
            return "rejected";
        } finally {
            command.release();
        }
    }

    private static String bolideSendHeader(RemotingCommand command) {
        try {
            SendMessageRequestHeader h = SendMessageRequestHeader.decode(command.extFields());
            return List.of(
                            h.producerGroup(),
                            h.topic(),
                            h.defaultTopic(),
                            h.defaultTopicQueueNums(),
                            h.queueId(),
                            h.sysFlag(),
                            h.bornTimestamp(),
                            h.flag(),
                            String.valueOf(h.properties()),
                            String.valueOf(h.reconsumeTimes()),
                            String.valueOf(h.unitMode()),
                            String.valueOf(h.maxReconsumeTimes()),
                            String.valueOf(h.batch()))
                    .toString();
        } catch (ProtocolDecodeException e) {
            return "header rejected";
        }
    }

    /** The fields as NUL-separated {@code name=value} items, ext fields sorted by key. */
    private static String view(
            int code,
            int language,
            int version,
            int opaque,
            int flag,
            String remark,
            Map<String, String> ext) {
        StringBuilder out = new StringBuilder();
        out.append("code=").append(code).append("\u0000language=").append(language);
        out.append("\u0000version=").append(version).append("\u0000opaque=").append(opaque);
        out.append("\u0000flag=").append(flag).append("\u0000remark=");
        out.append(remark == null ? "null" : "[" + remark + "]");
        out.append("\u0000ext=").append(ext == null ? "null" : ext.size() + " fields");
        if (ext != null) {
            new TreeMap<>(ext)
                    .forEach(
                            (k, v) ->
                                    out.append("\u0000ext[")
                                            .append(k)
                                            .append("]=[")
                                            .append(v)
                                            .append(']'));
        }
        return out.toString();
    }
}
