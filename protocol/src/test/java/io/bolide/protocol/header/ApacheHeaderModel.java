package io.bolide.protocol.header;

import io.bolide.protocol.codegen.HeaderSpec.Field;
import io.bolide.protocol.codegen.HeaderSpec.Header;
import io.bolide.protocol.frame.RandomText;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * Reflection glue between one spec header, its generated Bolide class and its Apache 5.4.0 class:
 * field lookup by wire key, random values that both sides can carry, and values rendered as the
 * text that travels in {@code extFields}. Test-only (reflection is banned from main code).
 */
final class ApacheHeaderModel {
    static final String APACHE_PACKAGE = "org.apache.rocketmq.remoting.protocol.header.";

    /**
     * Spec keys with no field in the Apache header class: Apache adds them to the command's ext map
     * directly ({@code addExtField}).
     */
    static final Set<String> EXTRA_KEYS =
            Set.of(
                    // SendMessageProcessor adds the broker's region and trace switch to responses.
                    "MSG_REGION",
                    "TRACE_ON",
                    // MQAdminImpl adds it to QUERY_MESSAGE requests for unique-key queries.
                    "_UNIQUE_KEY_QUERY",
                    // Bolide's broker adds its per-network addresses to REGISTER_BROKER; Apache's
                    // name server never reads it.
                    "advertisedAddresses");

    /**
     * Spec keys that Apache 5.5.0 added to its header classes: against the 5.4.0 oracle they have
     * no field and travel as plain ext fields, as {@link #EXTRA_KEYS} do.
     */
    static final Set<String> ADDED_IN_5_5_0 = Set.of("liteTopic", "suspend");

    /**
     * Headers Apache 5.5.0 added (the Lite Topic codes, #34): the 5.4.0 oracle has no class for
     * them; the interop module's LiteCodesDifferentialTest checks them on the wire against a real
     * 5.5.0 broker instead.
     */
    static final Set<String> ONLY_IN_5_5_0 =
            Set.of(
                    "PopLiteMessageRequestHeader",
                    "PopLiteMessageResponseHeader",
                    "NotifyUnsubscribeLiteRequestHeader",
                    "GetParentTopicInfoRequestHeader",
                    "GetLiteTopicInfoRequestHeader",
                    "GetLiteClientInfoRequestHeader",
                    "GetLiteGroupInfoRequestHeader",
                    "TriggerLiteDispatchRequestHeader");

    /** As {@link #ADDED_IN_5_5_0}, for keys that other headers had already: class.key. */
    static final Set<String> ADDED_IN_5_5_0_TO =
            Set.of("NotificationRequestHeader.expType", "NotificationRequestHeader.exp");

    /** Whether 5.5.0 added {@code key} to this header (the 5.4.0 oracle has no field). */
    boolean addedIn550(String key) {
        return ADDED_IN_5_5_0.contains(key)
                || ADDED_IN_5_5_0_TO.contains(apache.getSimpleName() + "." + key);
    }

    /**
     * Keys 5.4.0 always sent and 5.5.0 may omit: optional here so a Bolide slave reads either
     * master's answer.
     */
    static final Set<String> OPTIONAL_SINCE_5_5_0 = Set.of("totalTopicNum");

    /** Fields whose Apache {@code checkFields()} accepts only these values. */
    private static final Map<String, List<Object>> DOMAINS =
            Map.of(
                    "topicFilterType", List.of("SINGLE_TAG", "MULTI_TAG"),
                    // TRANSACTION_NOT_TYPE, COMMIT, ROLLBACK (PREPARED is rejected).
                    "commitOrRollback", List.of(0, 8, 12));

    final Header spec;
    final Class<?> bolide;
    final Class<?> apache;
    final boolean shortKeys;

    ApacheHeaderModel(Header spec, boolean shortKeys) throws ClassNotFoundException {
        this.spec = spec;
        this.shortKeys = shortKeys;
        this.bolide = Class.forName(ApacheHeaderModel.class.getPackageName() + "." + spec.name());
        this.apache = Class.forName(APACHE_PACKAGE + spec.reference() + (shortKeys ? "V2" : ""));
    }

    @Override
    public String toString() {
        return spec.name() + (shortKeys ? " (short keys)" : "") + " ~ " + apache.getSimpleName();
    }

    /** The key {@code f} travels under in this variant. */
    String key(Field f) {
        return shortKeys && f.shortKey() != null ? f.shortKey() : f.wireKey();
    }

    /** Apache's field for the wire key, searched up the class hierarchy; null if none. */
    java.lang.reflect.Field apacheField(String name) {
        for (Class<?> c = apache; c != null && c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (f.getName().equals(name) && !Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    return f;
                }
            }
        }
        return null;
    }

    /** Every instance field of the Apache class and its superclasses. */
    List<java.lang.reflect.Field> apacheFields() {
        List<java.lang.reflect.Field> fields = new ArrayList<>();
        for (Class<?> c = apache; c != null && c != Object.class; c = c.getSuperclass()) {
            for (java.lang.reflect.Field f : c.getDeclaredFields()) {
                if (!Modifier.isStatic(f.getModifiers())) {
                    f.setAccessible(true);
                    fields.add(f);
                }
            }
        }
        return fields;
    }

    static Class<?> javaType(Field f) {
        switch (f.type()) {
            case "String":
                return String.class;
            case "int":
                return int.class;
            case "Integer":
                return Integer.class;
            case "long":
                return long.class;
            case "Long":
                return Long.class;
            case "boolean":
                return boolean.class;
            case "Boolean":
                return Boolean.class;
            default:
                throw new IllegalStateException("unknown spec type " + f.type());
        }
    }

    /** Numeric width in bits of a Java type (0 for non-numbers). */
    static int bits(Class<?> type) {
        if (type == int.class || type == Integer.class) {
            return 32;
        }
        if (type == long.class || type == Long.class) {
            return 64;
        }
        return 0;
    }

    static boolean isBoolean(Class<?> type) {
        return type == boolean.class || type == Boolean.class;
    }

    /**
     * Why the spec's type for {@code f} cannot carry every value Apache's field can, or null when
     * it can.
     */
    String typeMismatch(Field f, java.lang.reflect.Field a) {
        Class<?> ours = javaType(f);
        Class<?> theirs = a.getType();
        boolean ok;
        if (ours == String.class) {
            ok = theirs == String.class || theirs.isEnum();
        } else if (isBoolean(ours)) {
            ok = isBoolean(theirs);
        } else {
            ok = bits(theirs) > 0 && bits(theirs) <= bits(ours);
        }
        return ok ? null : key(f) + ": spec " + f.type() + " but Apache " + theirs.getSimpleName();
    }

    /**
     * A random value of Apache's type for {@code a} (or of the spec type when Apache has no such
     * field) that the spec type can also hold.
     */
    static Object randomValue(java.lang.reflect.Field a, Field f, Random random, RandomText text) {
        List<Object> domain = DOMAINS.get(f.wireKey());
        if (domain != null) {
            return domain.get(random.nextInt(domain.size()));
        }
        Class<?> type = a == null ? javaType(f) : a.getType();
        if (type.isEnum()) {
            Object[] constants = type.getEnumConstants();
            return constants[random.nextInt(constants.length)];
        }
        if (type == String.class) {
            return text.nonEmpty(random.nextInt(10) == 0 ? 2_000 : 30);
        }
        if (isBoolean(type)) {
            return random.nextBoolean();
        }
        int width = Math.min(bits(type), bits(javaType(f)));
        long value = randomLong(random, width);
        return bits(type) == 32 ? (Object) (int) value : (Object) value;
    }

    static long randomLong(Random random, int width) {
        long min = width == 32 ? Integer.MIN_VALUE : Long.MIN_VALUE;
        long max = width == 32 ? Integer.MAX_VALUE : Long.MAX_VALUE;
        switch (random.nextInt(6)) {
            case 0:
                return 0;
            case 1:
                return max;
            case 2:
                return min;
            case 3:
                return random.nextInt(1000);
            default:
                return width == 32 ? random.nextInt() : random.nextLong();
        }
    }

    /** The Bolide value converted to the spec field's Java type. */
    static Object toSpecType(Field f, Object apacheValue) {
        if (apacheValue == null) {
            return null;
        }
        Class<?> type = javaType(f);
        if (type == String.class) {
            return apacheValue instanceof Enum<?> ? ((Enum<?>) apacheValue).name() : apacheValue;
        }
        if (bits(type) == 32) {
            return ((Number) apacheValue).intValue();
        }
        if (bits(type) == 64) {
            return ((Number) apacheValue).longValue();
        }
        return apacheValue;
    }

    /** The value as it appears in extFields (enums by name, as Apache's decoder expects). */
    static String wireText(Object value) {
        if (value == null) {
            return null;
        }
        return value instanceof Enum<?> ? ((Enum<?>) value).name() : value.toString();
    }

    Object newBolide() throws ReflectiveOperationException {
        Object header = bolide.getConstructor().newInstance();
        if (shortKeys) {
            bolide.getMethod("shortKeys", boolean.class).invoke(header, true);
        }
        return header;
    }

    Object bolideGet(Object header, Field f) throws ReflectiveOperationException {
        return bolide.getMethod(f.name()).invoke(header);
    }

    void bolideSet(Object header, Field f, Object value) throws ReflectiveOperationException {
        bolide.getMethod(f.name(), javaType(f)).invoke(header, value);
    }

    Method bolideDecode() throws NoSuchMethodException {
        return bolide.getMethod("decode", io.bolide.protocol.frame.ExtFieldCursor.class);
    }
}
