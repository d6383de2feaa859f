package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.bolide.broker.Broker;
import io.bolide.broker.config.BrokerConfig;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.ResponseCode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cold-read flow control's admin codes against an Apache RocketMQ 5.5.0 broker and a Bolide one,
 * both with coldDataFlowControlEnable and the same thresholds: a group's own threshold set, a
 * second set and removed, then GET_COLD_DATA_FLOW_CTR_INFO read from each. The bodies carry the
 * same fields in the same order with the same values; no cold read happened, so both runtime tables
 * are empty. SET_COMMITLOG_READ_MODE is the documented difference: Bolide refuses it.
 */
class ColdReadDifferentialTest {
    private static final Map<String, String> SETTINGS =
            Map.of(
                    "coldDataFlowControlEnable", "true",
                    "cgColdReadThreshold", "4096",
                    "globalColdReadThreshold", "65536");
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir Path dir;

    @Test
    void shouldAnswerTheInfoBodyAsTheReferenceDoes() throws Exception {
        try (ApacheBroker apache =
                        ApacheBroker.start(
                                dir.resolve("apache"), ApacheBroker.freePortPair(), SETTINGS);
                Broker bolide = Broker.start(bolide(dir.resolve("bolide")));
                Wire wire = new Wire()) {
            JsonNode reference = exercise(wire, apache.address());
            JsonNode ours = exercise(wire, bolide.address());

            assertThat(fields(ours)).isEqualTo(fields(reference));
            assertThat(ours).isEqualTo(reference);
            assertThat(ours.get("configTable").toString()).isEqualTo("{\"groupA\":1024}");

            RemotingCommand mode = readMode(wire, bolide.address());
            assertThat(readMode(wire, apache.address()).getCode()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(mode.getCode()).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);
            assertThat(mode.getRemark()).contains("read-ahead");
        }
    }

    private static BrokerConfig bolide(Path store) {
        BrokerConfig.Builder config =
                BrokerConfig.builder()
                        .storePathRootDir(store)
                        .listenPort(0)
                        .brokerIP1("127.0.0.1")
                        .set("bindAddress", "127.0.0.1");
        SETTINGS.forEach(config::set);
        return config.build();
    }

    private static JsonNode exercise(Wire wire, String address) throws Exception {
        ok(
                wire.call(
                        address,
                        RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG,
                        null,
                        text("groupA=1024")));
        ok(
                wire.call(
                        address,
                        RequestCode.UPDATE_COLD_DATA_FLOW_CTR_CONFIG,
                        null,
                        text("groupB=2048")));
        ok(wire.call(address, RequestCode.REMOVE_COLD_DATA_FLOW_CTR_CONFIG, null, text("groupB")));
        RemotingCommand info =
                ok(wire.call(address, RequestCode.GET_COLD_DATA_FLOW_CTR_INFO, null, null));
        return JSON.readTree(info.getBody());
    }

    private static RemotingCommand readMode(Wire wire, String address) throws Exception {
        RemotingCommand request =
                RemotingCommand.createRequestCommand(RequestCode.SET_COMMITLOG_READ_MODE, null);
        request.addExtField("READ_AHEAD_MODE", "1");
        return wire.invoke(address, request);
    }

    private static RemotingCommand ok(RemotingCommand answer) {
        assertThat(answer.getCode()).as(answer.getRemark()).isEqualTo(ResponseCode.SUCCESS);
        return answer;
    }

    private static byte[] text(String value) {
        return value.getBytes(StandardCharsets.UTF_8);
    }

    private static List<String> fields(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }
}
