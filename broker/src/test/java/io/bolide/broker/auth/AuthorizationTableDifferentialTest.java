package io.bolide.broker.auth;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.auth.ReferenceAuthorization.Annotated;
import io.bolide.broker.auth.ReferenceAuthorization.ResourceField;
import io.bolide.broker.codes.Codes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;
import org.apache.rocketmq.common.message.MessageQueue;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.LockBatchRequestBody;
import org.apache.rocketmq.remoting.protocol.heartbeat.ConsumerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.HeartbeatData;
import org.apache.rocketmq.remoting.protocol.heartbeat.ProducerData;
import org.apache.rocketmq.remoting.protocol.heartbeat.SubscriptionData;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Bolide's request code → (resource, action) table against the reference release's: for every code
 * Bolide serves, the needs Bolide reads from a probe request equal the ones the reference derives
 * from the same request. The reference's side comes from its jars (the header annotations) except
 * for the codes its context builder decides in a switch, transcribed below from javap; the set of
 * those codes is itself read from the jar, so a release that moves a code in or out of the switch
 * fails here. A code Bolide starts serving is compared the day it is added.
 */
class AuthorizationTableDifferentialTest {
    private static final String CLUSTER = "probe-cluster";
    private static final String RETRY = "%RETRY%";

    /** How the probe's resource fields are filled. */
    private enum Variant {
        PLAIN(""),
        RETRY_NAMES(RETRY),
        DLQ_NAMES("%DLQ%"),
        NO_RESOURCE_FIELDS(null),
        NO_EXT_FIELDS(null);

        final String prefix;

        Variant(String prefix) {
            this.prefix = prefix;
        }
    }

    private static Map<Integer, Annotated> annotations;
    private static Map<String, String> splitters;

    @BeforeAll
    static void readTheReference() throws Exception {
        annotations = ReferenceAuthorization.annotations();
        splitters = new LinkedHashMap<>();
        for (Annotated annotated : annotations.values()) {
            for (ResourceField field : annotated.fields()) {
                splitters.merge(field.name(), field.splitter(), (a, b) -> a.isEmpty() ? b : a);
            }
        }
        for (String key : new String[] {"topic", "b", "group", "consumerGroup"}) {
            splitters.putIfAbsent(key, "");
        }
    }

    @Test
    void shouldReadTheReferencesAnnotations() {
        assertThat(annotations.get(10).actions()).containsExactly("Pub");
        assertThat(annotations.get(208).fields())
                .contains(new ResourceField("topicList", "TOPIC", ";"));
        assertThat(annotations.get(3001).resource()).isEqualTo("CLUSTER");
    }

    @Test
    void shouldTranscribeEveryCodeTheReferenceDecidesInItsSwitch() throws Exception {
        Set<Integer> served = new TreeSet<>();
        for (int code : ReferenceAuthorization.switchCodes()) {
            if (Codes.SERVED.containsKey(code)) {
                served.add(code);
            }
        }
        assertThat(SWITCH.keySet())
                .as("the reference's switch codes Bolide serves, transcribed here")
                .containsExactlyInAnyOrderElementsOf(served);
    }

    @Test
    void shouldNeedWhatTheReferenceNeedsForEveryServedCode() throws Exception {
        List<String> differences = new ArrayList<>();
        RequestResources bolide = new RequestResources(CLUSTER);
        for (int code : new TreeSet<>(Codes.SERVED.keySet())) {
            for (Variant variant : Variant.values()) {
                Map<String, String> fields = fields(variant);
                List<String> expected = expected(code, variant, fields);
                List<String> actual = actual(bolide, code, variant, fields);
                if (BODY_CODES.contains(code)) {
                    expected.sort(null);
                    actual.sort(null);
                }
                if (!expected.equals(actual)) {
                    differences.add(
                            code
                                    + " ("
                                    + Codes.SERVED.get(code)
                                    + ") "
                                    + variant
                                    + ": reference "
                                    + expected
                                    + ", Bolide "
                                    + actual);
                }
            }
        }
        assertThat(differences).as("codes Bolide authorizes unlike the reference").isEmpty();
    }

    private static List<String> expected(int code, Variant variant, Map<String, String> fields) {
        if (variant == Variant.NO_EXT_FIELDS) {
            return new ArrayList<>(); // the reference builds no context without ext fields
        }
        if (code == LITE_PULL) {
            // Deliberately stricter: the reference leaves 361 unchecked, a read of any topic.
            return topicAndGroup(fields, "Sub");
        }
        Annotated lite = LITE.get(code);
        if (lite != null) {
            // Deliberately stricter: the reference's lite headers name their resources but carry
            // no action, so it checks nothing; Bolide checks them with the action named here.
            return fromAnnotation(lite, fields);
        }
        BiFunction<Map<String, String>, Variant, List<String>> transcribed = SWITCH.get(code);
        if (transcribed != null) {
            return transcribed.apply(fields, variant);
        }
        Annotated annotated = annotations.get(code);
        return annotated == null ? new ArrayList<>() : fromAnnotation(annotated, fields);
    }

    /** What the reference's annotation path builds for a request with {@code fields}. */
    private static List<String> fromAnnotation(Annotated annotated, Map<String, String> fields) {
        String actions = String.join(",", annotated.actions());
        List<String> needs = new ArrayList<>();
        for (ResourceField field : annotated.fields()) {
            String value = fields.get(field.name());
            if (value == null) {
                continue;
            }
            List<String> parts = new ArrayList<>();
            if (field.splitter().isEmpty()) {
                parts.add(value);
            } else {
                for (String part : value.split("[" + field.splitter() + "]")) {
                    if (!part.isEmpty()) {
                        parts.add(part);
                    }
                }
            }
            for (String part : parts) {
                if (field.type().equals("TOPIC") && part.startsWith(RETRY)) {
                    needs.add(need("Group", part.substring(RETRY.length()), actions));
                } else {
                    needs.add(need(wireType(field.type()), part, actions));
                }
            }
        }
        if (needs.isEmpty() && annotated.resource().equals("CLUSTER")) {
            needs.add(need("Cluster", CLUSTER, actions));
        }
        return needs;
    }

    private static List<String> actual(
            RequestResources bolide, int code, Variant variant, Map<String, String> fields) {
        RemotingCommand command = RemotingCommand.createRequestCommand(code, null);
        if (variant != Variant.NO_EXT_FIELDS) {
            fields.forEach(command::addExtField);
        }
        command.setBody(body(code, variant));
        io.bolide.protocol.frame.RemotingCommand request =
                Signed.decoded(command, SerializeType.JSON, false);
        List<String> needs = new ArrayList<>();
        try {
            Needs read = Needs.get();
            bolide.read(request, read);
            for (int i = 0; i < read.count(); i++) {
                needs.add(render(read.type(i).wireName(), read.name(i), read.actions(i)));
            }
            return needs;
        } finally {
            request.release();
        }
    }

    /** The probe's ext fields: every resource field any annotated header declares, filled. */
    private static Map<String, String> fields(Variant variant) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("AccessKey", "probe-user");
        if (variant.prefix == null) {
            return fields;
        }
        splitters.forEach(
                (name, splitter) -> {
                    String one = variant.prefix + name + "-1";
                    fields.put(
                            name,
                            splitter.isEmpty()
                                    ? one
                                    : one + splitter + splitter + variant.prefix + name + "-2");
                });
        return fields;
    }

    // --- the reference's switch, transcribed from DefaultAuthorizationContextBuilder (javap -c)
    // ---

    private static final Set<Integer> BODY_CODES = Set.of(34, 41, 42);

    /** LITE_PULL_MESSAGE: Bolide checks it as PULL_MESSAGE, a deliberate difference. */
    private static final int LITE_PULL = 361;

    /**
     * The Lite Topic codes whose 5.5.0 headers annotate resource fields but no action (so the
     * reference checks nothing): the fields as annotated, in order, with the action Bolide needs.
     */
    private static final Map<Integer, Annotated> LITE =
            Map.of(
                    200070, lite("Sub", field("consumerGroup", "GROUP"), field("topic", "TOPIC")),
                    200075, lite("Get", field("topic", "TOPIC")),
                    200078, lite("Get", field("group", "GROUP")),
                    200079, lite("Sub", field("group", "GROUP")));

    private static Annotated lite(String action, ResourceField... fields) {
        return new Annotated("lite", "UNKNOWN", List.of(action), List.of(fields));
    }

    private static ResourceField field(String name, String type) {
        return new ResourceField(name, type, "");
    }

    private static final Map<Integer, BiFunction<Map<String, String>, Variant, List<String>>>
            SWITCH = switchTable();

    private static Map<Integer, BiFunction<Map<String, String>, Variant, List<String>>>
            switchTable() {
        Map<Integer, BiFunction<Map<String, String>, Variant, List<String>>> t =
                new LinkedHashMap<>();
        t.put(10, (f, v) -> send(f.get("topic")));
        t.put(310, (f, v) -> send(f.get("b")));
        t.put(320, (f, v) -> send(f.get("b")));
        t.put(37, (f, v) -> blank(f.get("topic")) ? list() : list(topic(f.get("topic"), "Pub")));
        t.put(36, (f, v) -> list(ofGroup(f.get("group"), "Sub")));
        t.put(370, (f, v) -> list(topic(f.get("topic"), "Pub")));
        t.put(11, (f, v) -> topicAndGroup(f, "Sub"));
        t.put(12, (f, v) -> list(topic(f.get("topic"), "Sub,Get")));
        t.put(14, (f, v) -> topicAndGroup(f, "Sub,Get"));
        t.put(15, (f, v) -> topicAndGroup(f, "Sub,Update"));
        t.put(
                35,
                (f, v) ->
                        blank(f.get("consumerGroup"))
                                ? list()
                                : list(ofGroup(f.get("consumerGroup"), "Sub")));
        t.put(38, (f, v) -> list(ofGroup(f.get("consumerGroup"), "Sub,Get")));
        t.put(34, (f, v) -> groupAndTopics(v, "hb"));
        t.put(41, (f, v) -> groupAndTopics(v, "lock"));
        t.put(42, (f, v) -> groupAndTopics(v, "lock"));
        return t;
    }

    private static List<String> send(String topic) {
        return isRetry(topic) ? list(ofGroup(topic, "Sub")) : list(topic(topic, "Pub"));
    }

    private static List<String> topicAndGroup(Map<String, String> f, String actions) {
        List<String> needs = list();
        if (!isRetry(f.get("topic"))) {
            needs.add(topic(f.get("topic"), actions));
        }
        needs.add(ofGroup(f.get("consumerGroup"), actions));
        return needs;
    }

    /** Heartbeat and (un)lock: the body's group, then each topic that is not a retry topic. */
    private static List<String> groupAndTopics(Variant variant, String kind) {
        List<String> needs = list(ofGroup(bodyName(variant, kind + "Group"), "Sub"));
        for (String topic : bodyTopics(variant, kind)) {
            if (!isRetry(topic)) {
                needs.add(topic(topic, "Sub"));
            }
        }
        return needs;
    }

    private static byte[] body(int code, Variant variant) {
        if (code == 34) {
            HeartbeatData data = new HeartbeatData();
            data.setClientID("probe-client");
            ProducerData producer = new ProducerData();
            producer.setGroupName("probe-producer");
            data.getProducerDataSet().add(producer);
            ConsumerData consumer = new ConsumerData();
            consumer.setGroupName(bodyName(variant, "hbGroup"));
            Set<SubscriptionData> subscriptions = new HashSet<>();
            for (String topic : bodyTopics(variant, "hb")) {
                subscriptions.add(new SubscriptionData(topic, "*"));
            }
            consumer.setSubscriptionDataSet(subscriptions);
            data.getConsumerDataSet().add(consumer);
            return data.encode();
        }
        if (code == 41 || code == 42) {
            LockBatchRequestBody body = new LockBatchRequestBody();
            body.setConsumerGroup(bodyName(variant, "lockGroup"));
            body.setClientId("probe-client");
            Set<MessageQueue> queues = new HashSet<>();
            for (String topic : bodyTopics(variant, "lock")) {
                queues.add(new MessageQueue(topic, "broker-a", 0));
            }
            body.setMqSet(queues);
            return body.encode(); // the unlock body has the same JSON fields
        }
        return null;
    }

    private static String bodyName(Variant variant, String name) {
        return (variant.prefix == null ? "" : variant.prefix) + name;
    }

    private static List<String> bodyTopics(Variant variant, String kind) {
        return List.of(bodyName(variant, kind + "Topic"), RETRY + kind + "Group");
    }

    // --- the reference's Resource.ofTopic / ofGroup and rendering ---

    private static String topic(String name, String actions) {
        return need("Topic", name, actions);
    }

    /** A retry topic's name stands for its group; any other name (a dead-letter one too) as is. */
    private static String ofGroup(String name, String actions) {
        return need("Group", isRetry(name) ? name.substring(RETRY.length()) : name, actions);
    }

    private static boolean isRetry(String name) {
        return !blank(name) && name.startsWith(RETRY);
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }

    private static String wireType(String referenceType) {
        return ResourceType.valueOf(referenceType).wireName();
    }

    private static String need(String type, String name, String actions) {
        int bits = 0;
        for (String action : actions.split(",")) {
            int bit = Action.parse(action);
            assertThat(bit).as("a reference action Bolide knows: " + action).isPositive();
            bits |= bit;
        }
        return render(type, name, bits);
    }

    private static String render(String type, String name, int bits) {
        StringBuilder actions = new StringBuilder();
        for (Action action : Action.values()) {
            if ((bits & action.bit()) != 0) {
                actions.append(actions.length() == 0 ? "" : ",").append(action.wireName());
            }
        }
        return type + ":" + name + " " + actions;
    }

    private static List<String> list(String... needs) {
        return new ArrayList<>(List.of(needs));
    }
}
