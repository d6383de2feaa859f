package io.bolide.broker.grpc;

import static io.bolide.broker.grpc.GrpcCalls.name;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.ApacheCalls;
import io.bolide.grpc.v2.ClientType;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.MessagingServiceMethods;
import io.bolide.grpc.v2.Settings;
import io.bolide.grpc.v2.Subscription;
import io.bolide.grpc.v2.TelemetryCommand;
import io.bolide.testsupport.Await;
import io.grpc.CallOptions;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The long polling a push consumer's settings answer carries: the broker key
 * grpcClientConsumerMaxLongPollingTimeoutMillis, whatever the client asked, changed live by
 * UPDATE_BROKER_CONFIG for the next settings exchange.
 */
class ConsumerSettingsTest {
    private static final String GROUP = "settings-group";

    @TempDir Path dir;
    private GrpcTestBroker grpc;

    @BeforeEach
    void start() throws Exception {
        grpc =
                GrpcTestBroker.start(
                        dir, Map.of("grpcClientConsumerMaxLongPollingTimeoutMillis", "7000"));
        grpc.createGroup(GROUP, false);
    }

    @AfterEach
    void stop() {
        grpc.close();
    }

    @Test
    void shouldHandAPushConsumerTheConfiguredLongPollingAndFollowALiveChange() throws Exception {
        assertThat(longPollingSeconds()).isEqualTo(7);

        try (ApacheCalls apache = grpc.remoting()) {
            byte[] body =
                    "grpcClientConsumerMaxLongPollingTimeoutMillis=9000"
                            .getBytes(StandardCharsets.UTF_8);
            assertThat(apache.call(RequestCode.UPDATE_BROKER_CONFIG, null, body).getCode())
                    .isZero();
        }

        assertThat(longPollingSeconds()).isEqualTo(9);
    }

    /** One settings exchange of a push consumer that asks for 30 s; the seconds answered. */
    private long longPollingSeconds() {
        List<TelemetryCommand> answers = new CopyOnWriteArrayList<>();
        StreamObserver<TelemetryCommand> stream =
                ClientCalls.asyncBidiStreamingCall(
                        grpc.channel.newCall(
                                MessagingServiceMethods.TELEMETRY, CallOptions.DEFAULT),
                        collect(answers));
        Subscription.Builder asked =
                Subscription.newBuilder()
                        .setGroup(name(GROUP))
                        .setLongPollingTimeout(
                                com.google.protobuf.Duration.newBuilder().setSeconds(30));
        stream.onNext(
                TelemetryCommand.newBuilder()
                        .setSettings(
                                Settings.newBuilder()
                                        .setClientType(ClientType.PUSH_CONSUMER)
                                        .setSubscription(asked))
                        .build());
        Await.until(Duration.ofSeconds(10), () -> !answers.isEmpty(), "the settings answer");
        stream.onCompleted();
        TelemetryCommand answer = answers.get(0);
        assertThat(answer.getStatus().getCode()).isEqualTo(Code.OK);
        return answer.getSettings().getSubscription().getLongPollingTimeout().getSeconds();
    }

    private static StreamObserver<TelemetryCommand> collect(List<TelemetryCommand> answers) {
        return new StreamObserver<>() {
            @Override
            public void onNext(TelemetryCommand value) {
                answers.add(value);
            }

            @Override
            public void onError(Throwable t) {}

            @Override
            public void onCompleted() {}
        };
    }
}
