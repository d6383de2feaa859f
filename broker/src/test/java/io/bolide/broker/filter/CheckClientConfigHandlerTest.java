package io.bolide.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.codes.Codes;
import io.bolide.broker.config.BrokerConfig;
import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.body.CheckClientRequestBody;
import io.bolide.protocol.body.SubscriptionData;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.remoting.EmbeddedServer;
import io.bolide.testsupport.LeakCheck;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * CHECK_CLIENT_CONFIG as installed by {@link FilterFeature}: what a consumer may subscribe with.
 */
@ExtendWith(LeakCheck.class)
class CheckClientConfigHandlerTest {
    private EmbeddedServer server;

    private EmbeddedServer serve(boolean propertyFilter) {
        server = new EmbeddedServer();
        BrokerConfig config =
                BrokerConfig.builder()
                        .set("enablePropertyFilter", String.valueOf(propertyFilter))
                        .build();
        FilterFeature.install(new Codes(server::register), config);
        return server;
    }

    @AfterEach
    void close() {
        server.close();
    }

    private Reply check(String type, String expression) {
        SubscriptionData subscription =
                new SubscriptionData(false, "T", expression, Set.of(), Set.of(), 1, type);
        return Wire.callJson(
                server,
                RequestCode.CHECK_CLIENT_CONFIG,
                Map.of(),
                new CheckClientRequestBody("client-1", "g", subscription, null));
    }

    @Test
    void shouldAcceptATagSubscription() {
        serve(false);

        assertThat(check("TAG", "A || B").code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(check(null, "*").code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void shouldAcceptARequestWithNothingToCheck() {
        serve(true);

        Reply reply = Wire.call(server, RequestCode.CHECK_CLIENT_CONFIG, Map.of(), null);

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void shouldAcceptASqlExpressionThatCompiles() {
        serve(true);

        assertThat(check("SQL92", "a > 1 AND b = 'x'").code()).isEqualTo(ResponseCode.SUCCESS);
    }

    @Test
    void shouldRefuseASqlExpressionThatDoesNotCompileWithTheError() {
        serve(true);

        Reply reply = check("SQL92", "a >");

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(reply.remark()).startsWith("invalid SQL92 expression: ");
    }

    @Test
    void shouldRefuseSqlWhilePropertyFilterIsDisabled() {
        serve(false);

        Reply reply = check("SQL92", "a > 1");

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark())
                .isEqualTo("The broker does not support consumer to filter message by SQL92");
    }

    @Test
    void shouldRefuseAnUnsupportedExpressionType() {
        serve(true);

        Reply reply = check("XPATH", "/a");

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(reply.remark()).isEqualTo("unsupported expression type XPATH");
    }

    @Test
    void shouldRefuseABodyThatIsNotJson() {
        serve(true);

        Reply reply =
                Wire.call(
                        server,
                        RequestCode.CHECK_CLIENT_CONFIG,
                        Map.of(),
                        "{not json".getBytes(StandardCharsets.UTF_8));

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).isEqualTo("bad CHECK_CLIENT_CONFIG body");
    }
}
