package io.bolide.protocol.code;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Differential check of the code tables against the Apache classes on the test class path (5.4.0 by
 * default, 5.5.0 with {@code -Drocketmq.version=5.5.0}). Bolide's tables are the union of both
 * versions: against the older oracle, only the codes 5.5.0 added may be extra.
 */
class CodeTablesTest {
    private static final Set<String> REQUESTS_ADDED_IN_5_5_0 =
            Set.of(
                    "POP_LITE_MESSAGE",
                    "LITE_SUBSCRIPTION_CTL",
                    "ACK_LITE_MESSAGE",
                    "NOTIFY_UNSUBSCRIBE_LITE",
                    "GET_BROKER_LITE_INFO",
                    "GET_PARENT_TOPIC_INFO",
                    "GET_LITE_TOPIC_INFO",
                    "GET_LITE_CLIENT_INFO",
                    "GET_LITE_GROUP_INFO",
                    "TRIGGER_LITE_DISPATCH");
    private static final Set<String> RESPONSES_ADDED_IN_5_5_0 =
            Set.of("LMQ_QUOTA_EXCEEDED", "LITE_SUBSCRIPTION_QUOTA_EXCEEDED");

    @Test
    void shouldMatchEveryApacheRequestCodeByNameAndValue() throws IllegalAccessException {
        assertMatchesOracle(
                constants(RequestCode.class),
                constants(org.apache.rocketmq.remoting.protocol.RequestCode.class),
                REQUESTS_ADDED_IN_5_5_0);
    }

    @Test
    void shouldMatchEveryApacheResponseCodeByNameAndValue() throws IllegalAccessException {
        // getFields() includes the inherited RemotingSysResponseCode constants (0..4).
        assertMatchesOracle(
                constants(ResponseCode.class),
                constants(org.apache.rocketmq.remoting.protocol.ResponseCode.class),
                RESPONSES_ADDED_IN_5_5_0);
    }

    private static void assertMatchesOracle(
            Map<String, Integer> bolide, Map<String, Integer> apache, Set<String> newer) {
        assertThat(bolide).containsAllEntriesOf(apache);
        Map<String, Integer> extra = new TreeMap<>(bolide);
        extra.keySet().removeAll(apache.keySet());
        assertThat(newer).containsAll(extra.keySet());
    }

    @Test
    void shouldNameEveryRequestCodeAfterItsConstant() throws IllegalAccessException {
        constants(RequestCode.class)
                .forEach((name, code) -> assertThat(RequestCode.name(code)).isEqualTo(name));
    }

    @Test
    void shouldNameEveryResponseCodeAfterItsConstant() throws IllegalAccessException {
        constants(ResponseCode.class)
                .forEach((name, code) -> assertThat(ResponseCode.name(code)).isEqualTo(name));
    }

    @Test
    void shouldNameUnknownCodesWithTheirNumber() {
        assertThat(RequestCode.name(9999)).isEqualTo("UNKNOWN(9999)");
        assertThat(RequestCode.name(-1)).isEqualTo("UNKNOWN(-1)");
        assertThat(ResponseCode.name(777)).isEqualTo("UNKNOWN(777)");
        assertThat(ResponseCode.name(Integer.MIN_VALUE)).isEqualTo("UNKNOWN(-2147483648)");
    }

    @Test
    void shouldKnowTheCoreCodesByValue() {
        assertThat(RequestCode.SEND_MESSAGE_V2).isEqualTo(310);
        assertThat(RequestCode.name(105)).isEqualTo("GET_ROUTEINFO_BY_TOPIC");
        assertThat(ResponseCode.PULL_NOT_FOUND).isEqualTo(19);
        assertThat(ResponseCode.name(1500)).isEqualTo("GO_AWAY");
    }

    @Test
    void shouldRejectDuplicateCodesWhenBuildingATable() {
        CodeNames.Builder builder = CodeNames.builder().add(1, "A").add(1, "B");
        org.assertj.core.api.Assertions.assertThatThrownBy(builder::build)
                .isInstanceOf(IllegalStateException.class);
    }

    /** Public static numeric constants by name; Apache declares a few request codes as short. */
    private static Map<String, Integer> constants(Class<?> type) throws IllegalAccessException {
        Map<String, Integer> result = new TreeMap<>();
        for (Field field : type.getFields()) {
            int mods = field.getModifiers();
            if (Modifier.isStatic(mods)
                    && Modifier.isFinal(mods)
                    && (field.getType() == int.class || field.getType() == short.class)) {
                result.put(field.getName(), ((Number) field.get(null)).intValue());
            }
        }
        return result;
    }
}
