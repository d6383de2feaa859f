package io.bolide.broker.codes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.protocol.code.RequestCode;
import io.bolide.remoting.RequestHandler;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CodesTest {
    private static final RequestHandler NOTHING = (request, exchange) -> {};

    private final Map<Integer, RequestHandler> server = new HashMap<>();
    private final Codes codes = new Codes(server::put);

    @Test
    void shouldPassListedCodesToTheServer() {
        codes.serve(RequestCode.SEND_MESSAGE, NOTHING);

        assertThat(server).containsOnlyKeys(RequestCode.SEND_MESSAGE);
        assertThat(codes.registered()).containsOnlyKeys(RequestCode.SEND_MESSAGE);
    }

    @Test
    void shouldRefuseACodeMissingFromTheList() {
        assertThatThrownBy(() -> codes.serve(RequestCode.REGISTER_BROKER, NOTHING))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("not in Codes.SERVED");
        assertThat(server).isEmpty();
    }

    @Test
    void shouldRefuseACodeRegisteredTwice() {
        codes.serve(RequestCode.PULL_MESSAGE, NOTHING);

        assertThatThrownBy(() -> codes.serve(RequestCode.PULL_MESSAGE, NOTHING))
                .hasMessageContaining("registered twice");
    }

    @Test
    void shouldRefuseToCompleteWithAListedCodeUnserved() {
        for (int code : Codes.SERVED.keySet()) {
            if (code != RequestCode.END_TRANSACTION) {
                codes.serve(code, NOTHING);
            }
        }

        assertThatThrownBy(codes::checkComplete)
                .hasMessageContaining(RequestCode.END_TRANSACTION + " (transaction)");
    }
}
