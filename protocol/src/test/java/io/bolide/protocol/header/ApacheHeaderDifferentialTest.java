package io.bolide.protocol.header;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.protocol.codegen.HeaderSpec;
import io.bolide.protocol.codegen.HeaderSpec.Field;
import io.bolide.protocol.codegen.HeaderSpec.Header;
import io.bolide.protocol.frame.CommandEncoder;
import io.bolide.protocol.frame.CommandHeader;
import io.bolide.protocol.frame.FrameDecoder;
import io.bolide.protocol.frame.RandomText;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.frame.SerializeType;
import io.bolide.protocol.frame.ShortFailures;
import io.bolide.testsupport.ApacheOracle;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.rocketmq.remoting.CommandCustomHeader;
import org.apache.rocketmq.remoting.annotation.CFNotNull;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every generated header against its Apache 5.4.0 class, walked generically from the spec table:
 * random field values set on the Apache header and encoded by Apache decode to the same values in
 * the Bolide codec, and the reverse, in both serializations. Headers with single-letter keys are
 * also checked against Apache's {@code ...V2} class (SEND_MESSAGE_V2's {@code a..n}).
 */
class ApacheHeaderDifferentialTest {
    private static final int ITERATIONS = Integer.getInteger("bolide.header.iterations", 150);

    /** Keys inherited from Apache's RpcRequestHeader / TopicRequestHeader, ignored by design. */
    private static final Set<String> RPC_KEYS = Set.of("ns", "nsd", "oway", "lo", "bname");

    static List<ApacheHeaderModel> models() throws Exception {
        List<ApacheHeaderModel> models = new ArrayList<>();
        for (Header header : HeaderSpec.read(Path.of("").toAbsolutePath())) {
            if (ApacheHeaderModel.ONLY_IN_5_5_0.contains(header.name())) {
                continue; // no class in the 5.4.0 oracle: LiteCodesDifferentialTest (interop)
            }
            models.add(new ApacheHeaderModel(header, false));
            if (header.hasShortKeys()) {
                models.add(new ApacheHeaderModel(header, true));
            }
        }
        return models;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void shouldDeclareTypesThatHoldEveryApacheValue(ApacheHeaderModel model) {
        List<String> problems = new ArrayList<>();
        for (Field f : model.spec.fields()) {
            java.lang.reflect.Field a = model.apacheField(model.key(f));
            if (a == null
                    && !ApacheHeaderModel.EXTRA_KEYS.contains(model.key(f))
                    && !model.addedIn550(model.key(f))) {
                problems.add(model.key(f) + ": no such field in " + model.apache.getName());
            } else if (a != null && model.typeMismatch(f, a) != null) {
                problems.add(model.typeMismatch(f, a));
            }
        }
        assertThat(problems).as(model.toString()).isEmpty();
    }

    /**
     * A required Bolide field must be one Apache always sends (primitive or {@code @CFNotNull}),
     * else Bolide would reject requests the official client legally makes; a default must be
     * Apache's; and every Apache field but the inherited RPC keys must be in the spec, else Bolide
     * would silently drop it.
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void shouldRequireAndCarryWhatApacheDoes(ApacheHeaderModel model) throws Exception {
        Object apacheDefaults = model.apache.getConstructor().newInstance();
        List<String> problems = new ArrayList<>();
        Set<String> keys = new HashSet<>();
        for (Field f : model.spec.fields()) {
            keys.add(model.key(f));
            java.lang.reflect.Field a = model.apacheField(model.key(f));
            if (a == null) {
                continue;
            }
            boolean alwaysSent =
                    a.getType().isPrimitive() || a.isAnnotationPresent(CFNotNull.class);
            // A boxed field Apache fills in its constructor (ElectMasterRequestHeader's invokeTime
            // is the construction time) is sent by every Apache caller too.
            if (f.required() && !alwaysSent && a.get(apacheDefaults) == null) {
                problems.add(model.key(f) + ": required here, optional in Apache");
            }
            // Optional with a default is deliberate leniency towards clients that omit it.
            if (!f.required()
                    && alwaysSent
                    && f.defaultValue() == null
                    && !ApacheHeaderModel.OPTIONAL_SINCE_5_5_0.contains(model.key(f))) {
                problems.add(model.key(f) + ": always sent by Apache but optional here");
            }
            Object apacheDefault = a.get(apacheDefaults);
            if (f.defaultValue() != null
                    && !String.valueOf(apacheDefault).equals(f.defaultValue())) {
                problems.add(
                        model.key(f)
                                + ": default "
                                + f.defaultValue()
                                + ", Apache "
                                + apacheDefault);
            }
            if (!f.required() && f.primitive() && f.defaultValue() == null) {
                problems.add(model.key(f) + ": optional primitive without a default");
            }
        }
        for (java.lang.reflect.Field a : model.apacheFields()) {
            if (!keys.contains(a.getName()) && !RPC_KEYS.contains(a.getName())) {
                problems.add(a.getName() + ": Apache field missing from the spec");
            }
        }
        assertThat(problems).as(model.toString()).isEmpty();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void shouldDecodeHeadersEncodedByApache(ApacheHeaderModel model) throws Exception {
        Random random = new Random(model.toString().hashCode());
        RandomText text = new RandomText(random);
        for (SerializeType type : SerializeType.values()) {
            for (int i = 0; i < ITERATIONS; i++) {
                Object sent = randomApacheHeader(model, random, text);
                org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                        org.apache.rocketmq.remoting.protocol.RemotingCommand.createRequestCommand(
                                random.nextInt(400), (CommandCustomHeader) sent);
                command.setSerializeTypeCurrentRPC(ApacheOracle.apacheType(type.code()));
                Map<String, Object> extras = addExtraKeys(model, command, random, text);
                ByteBuf frame = ApacheOracle.encode(command, random.nextBoolean());
                String where = model + " " + type + " iteration " + i;
                ShortFailures.check(where, () -> assertDecodesAsSent(model, frame, sent, extras));
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("models")
    void shouldBeDecodedByApacheWhenEncodedByBolide(ApacheHeaderModel model) throws Exception {
        Random random = new Random(~model.toString().hashCode());
        RandomText text = new RandomText(random);
        Object apacheDefaults = model.apache.getConstructor().newInstance();
        for (SerializeType type : SerializeType.values()) {
            for (int i = 0; i < ITERATIONS; i++) {
                Object sent = randomBolideHeader(model, random, text);
                ByteBuf frame = Unpooled.buffer();
                CommandEncoder.encode(
                        frame, type, random.nextInt(400), i, 0, null, (CommandHeader) sent, 0);
                String where = model + " " + type + " iteration " + i;
                ShortFailures.check(
                        where,
                        () -> {
                            org.apache.rocketmq.remoting.protocol.RemotingCommand command =
                                    ApacheOracle.decode(frame);
                            Object decoded =
                                    command.decodeCommandCustomHeader(
                                            model.apache.asSubclass(CommandCustomHeader.class));
                            assertApacheSees(
                                    model, sent, decoded, command.getExtFields(), apacheDefaults);
                        });
                frame.release();
            }
        }
    }

    /** An Apache header with every spec field set, optional boxed ones sometimes left null. */
    private static Object randomApacheHeader(
            ApacheHeaderModel model, Random random, RandomText text) throws Exception {
        Object header = model.apache.getConstructor().newInstance();
        for (Field f : model.spec.fields()) {
            java.lang.reflect.Field a = model.apacheField(model.key(f));
            if (a == null
                    || (!f.required() && !a.getType().isPrimitive() && random.nextInt(3) == 0)) {
                continue;
            }
            a.set(header, ApacheHeaderModel.randomValue(a, f, random, text));
        }
        return header;
    }

    /** Adds the spec's keys that Apache carries outside the header class, sometimes. */
    private static Map<String, Object> addExtraKeys(
            ApacheHeaderModel model,
            org.apache.rocketmq.remoting.protocol.RemotingCommand command,
            Random random,
            RandomText text) {
        Map<String, Object> extras = new HashMap<>();
        for (Field f : model.spec.fields()) {
            if (model.apacheField(model.key(f)) == null && random.nextInt(4) > 0) {
                Object value = ApacheHeaderModel.randomValue(null, f, random, text);
                command.addExtField(model.key(f), ApacheHeaderModel.wireText(value));
                extras.put(model.key(f), value);
            }
        }
        return extras;
    }

    private static Object randomBolideHeader(
            ApacheHeaderModel model, Random random, RandomText text) throws Exception {
        Object header = model.newBolide();
        for (Field f : model.spec.fields()) {
            java.lang.reflect.Field a = model.apacheField(model.key(f));
            boolean optional = !f.required() && !f.primitive();
            if (optional && random.nextInt(3) == 0) {
                continue;
            }
            Object value = ApacheHeaderModel.randomValue(a, f, random, text);
            model.bolideSet(header, f, ApacheHeaderModel.toSpecType(f, value));
        }
        return header;
    }

    private static void assertDecodesAsSent(
            ApacheHeaderModel model, ByteBuf frame, Object sent, Map<String, Object> extras)
            throws Exception {
        RemotingCommand command = FrameDecoder.decode(frame);
        Object decoded;
        try {
            decoded = model.bolideDecode().invoke(null, command.extFields());
        } catch (InvocationTargetException e) {
            throw new AssertionError("Bolide rejected it: " + e.getCause(), e.getCause());
        } finally {
            command.release();
        }
        Object defaults = model.newBolide();
        for (Field f : model.spec.fields()) {
            java.lang.reflect.Field a = model.apacheField(model.key(f));
            Object sentValue = a == null ? extras.get(model.key(f)) : a.get(sent);
            Object expected = ApacheHeaderModel.toSpecType(f, sentValue);
            if (expected == null) {
                expected = model.bolideGet(defaults, f);
            }
            assertThat(model.bolideGet(decoded, f)).as(model.key(f)).isEqualTo(expected);
        }
    }

    private static void assertApacheSees(
            ApacheHeaderModel model,
            Object sent,
            Object decoded,
            Map<String, String> extFields,
            Object apacheDefaults)
            throws Exception {
        for (Field f : model.spec.fields()) {
            java.lang.reflect.Field a = model.apacheField(model.key(f));
            Object ours = model.bolideGet(sent, f);
            Object theirs =
                    a == null
                            ? extFields == null ? null : extFields.get(model.key(f))
                            : a.get(decoded);
            if (ours == null) {
                Object absent = a == null ? null : a.get(apacheDefaults);
                assertThat(theirs).as(model.key(f)).isEqualTo(absent);
            } else {
                assertThat(ApacheHeaderModel.wireText(theirs))
                        .as(model.key(f))
                        .isEqualTo(String.valueOf(ours));
            }
        }
    }
}
