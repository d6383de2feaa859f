package io.bolide.broker.grpc;

import io.bolide.broker.lite.LiteNames;
import io.bolide.grpc.v2.ClientType;
import io.bolide.grpc.v2.Code;
import io.bolide.grpc.v2.CustomizedBackoff;
import io.bolide.grpc.v2.ExponentialBackoff;
import io.bolide.grpc.v2.Publishing;
import io.bolide.grpc.v2.Resource;
import io.bolide.grpc.v2.RetryPolicy;
import io.bolide.grpc.v2.Settings;
import io.bolide.grpc.v2.Status;
import io.bolide.grpc.v2.Subscription;
import io.bolide.grpc.v2.SubscriptionEntry;
import io.bolide.grpc.v2.TelemetryCommand;
import io.grpc.stub.StreamObserver;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The Telemetry stream: each client announces its settings and waits for the server's before it
 * sends or receives (the SDKs' start-up handshake). The answer is the client's settings completed
 * by the broker: an exponential retry back-off, the largest body it stores, long-polling and batch
 * defaults. A producer's stream then carries the transaction checks of its topics ({@link
 * GrpcProducers}), a lite push consumer's the news of lite topics the broker dropped from its
 * subscription ({@link LiteStreams}); other commands (thread stacks, message verification) are
 * logged and ignored.
 */
final class Telemetry {
    private static final Logger LOG = LoggerFactory.getLogger(Telemetry.class);

    static final int MAX_ATTEMPTS = 3;

    private final IntSupplier maxBodySize;
    private final GrpcProducers producers;
    private final Guard guard;
    private final Predicate<String> orderlyGroups;
    private final Filters filters;
    private final ToLongFunction<String> liteClientQuota;
    private final LiteStreams liteStreams;
    private final LongSupplier longPollingMillis;

    Telemetry(
            IntSupplier maxBodySize,
            GrpcProducers producers,
            Guard guard,
            Predicate<String> orderlyGroups,
            Filters filters,
            ToLongFunction<String> liteClientQuota,
            LiteStreams liteStreams,
            LongSupplier longPollingMillis) {
        this.longPollingMillis = longPollingMillis;
        this.liteClientQuota = liteClientQuota;
        this.liteStreams = liteStreams;
        this.maxBodySize = maxBodySize;
        this.producers = producers;
        this.guard = guard;
        this.orderlyGroups = orderlyGroups;
        this.filters = filters;
    }

    StreamObserver<TelemetryCommand> open(StreamObserver<TelemetryCommand> out) {
        GrpcProducers.Stream stream = new GrpcProducers.Stream(out);
        String clientId = Peer.clientId();
        return new StreamObserver<>() {
            @Override
            public void onNext(TelemetryCommand command) {
                if (!admitted(command, stream)) {
                    return;
                }
                if (command.hasSettings()) {
                    Settings settings = command.getSettings();
                    stream.write(
                            TelemetryCommand.newBuilder()
                                    .setStatus(filterStatus(settings))
                                    .setSettings(answer(settings))
                                    .build());
                    // A producer is asked about its topics' orphaned transactions on this stream.
                    for (Resource topic : settings.getPublishing().getTopicsList()) {
                        producers.add(topic.getName(), stream);
                    }
                    // A lite push consumer is told here of lite topics the broker drops.
                    if (settings.getClientType() == ClientType.LITE_PUSH_CONSUMER) {
                        liteStreams.add(clientId, stream);
                    }
                } else if (LOG.isDebugEnabled()) {
                    LOG.debug("telemetry command {} ignored", command.getCommandCase());
                }
            }

            @Override
            public void onError(Throwable t) {
                producers.remove(stream);
                liteStreams.remove(stream);
                LOG.debug("telemetry stream ended by the client", t);
            }

            @Override
            public void onCompleted() {
                producers.remove(stream);
                liteStreams.remove(stream);
                stream.complete();
            }
        };
    }

    /**
     * Every command on the stream is checked on its own (a stream is never trusted because an
     * earlier command on it was); a refused one is answered with its status and not acted on.
     */
    private boolean admitted(TelemetryCommand command, GrpcProducers.Stream stream) {
        try {
            guard.check(command);
            return true;
        } catch (BadRequest e) {
            LOG.info(
                    "Telemetry {} from {} refused: {} {}",
                    command.getCommandCase(),
                    Peer.current(),
                    e.code(),
                    e.getMessage());
            stream.write(
                    TelemetryCommand.newBuilder()
                            .setStatus(Statuses.of(e.code(), e.getMessage()))
                            .build());
            return false;
        }
    }

    /**
     * OK, or ILLEGAL_FILTER_EXPRESSION naming the first subscription whose SQL92 expression cannot
     * be served (one log line): the settings are answered either way, and each receive with that
     * expression is refused the same way, so nothing is received unfiltered.
     */
    private Status filterStatus(Settings settings) {
        if (!settings.hasSubscription()) {
            return Statuses.OK;
        }
        String group = settings.getSubscription().getGroup().getName();
        for (SubscriptionEntry entry : settings.getSubscription().getSubscriptionsList()) {
            String topic = entry.getTopic().getName();
            String problem = filters.problem(group, topic, entry.getExpression());
            if (problem != null) {
                LOG.info(
                        "Telemetry settings from {} for group {} topic {}: {}",
                        Peer.current(),
                        group,
                        topic,
                        problem);
                return Statuses.of(Code.ILLEGAL_FILTER_EXPRESSION, problem);
            }
        }
        return Statuses.OK;
    }

    Settings answer(Settings client) {
        Settings.Builder settings = client.toBuilder();
        if (!client.hasBackoffPolicy()
                || client.getBackoffPolicy().getStrategyCase()
                        == RetryPolicy.StrategyCase.STRATEGY_NOT_SET) {
            settings.setBackoffPolicy(defaultBackoff(client));
        }
        if (client.hasPublishing()) {
            Publishing publishing =
                    client.getPublishing().toBuilder()
                            .setMaxBodySize(maxBodySize.getAsInt())
                            .setValidateMessageType(true)
                            .build();
            settings.setPublishing(publishing);
        } else if (client.hasSubscription()) {
            Subscription.Builder subscription = client.getSubscription().toBuilder();
            // The SDK's push consumer consumes a FIFO group's messages one at a time, in order.
            subscription.setFifo(orderlyGroups.test(client.getSubscription().getGroup().getName()));
            if (subscription.getReceiveBatchSize() <= 0) {
                subscription.setReceiveBatchSize(Receiver.MAX_BATCH);
            }
            // grpcClientConsumerMaxLongPollingTimeoutMillis, whatever the client asked: also how
            // long a closing push consumer waits for its last receive.
            subscription.setLongPollingTimeout(Times.duration(longPollingMillis.getAsLong()));
            if (client.getClientType() == ClientType.LITE_PUSH_CONSUMER) {
                // The SDK refuses a subscribeLite past this quota itself (0: every one): the
                // group's lite.sub.client.quota, as the reference's proxy hands it out.
                String group = client.getSubscription().getGroup().getName();
                long quota = liteClientQuota.applyAsLong(group);
                subscription
                        .setLiteSubscriptionQuota(
                                (int)
                                        Math.max(
                                                Integer.MIN_VALUE,
                                                Math.min(Integer.MAX_VALUE, quota)))
                        .setMaxLiteTopicSize(LiteNames.MAX_SIZE);
            }
            settings.setSubscription(subscription);
        }
        return settings.build();
    }

    private static RetryPolicy defaultBackoff(Settings client) {
        if (client.hasSubscription()) {
            // A push consumer's redelivery back-off: customized steps, as the reference hands out.
            CustomizedBackoff.Builder steps = CustomizedBackoff.newBuilder();
            for (long seconds : new long[] {1, 5, 10, 30, 60, 120, 180, 240, 300}) {
                steps.addNext(Times.duration(seconds * 1000));
            }
            return RetryPolicy.newBuilder().setMaxAttempts(16).setCustomizedBackoff(steps).build();
        }
        return RetryPolicy.newBuilder()
                .setMaxAttempts(MAX_ATTEMPTS)
                .setExponentialBackoff(
                        ExponentialBackoff.newBuilder()
                                .setInitial(Times.duration(10))
                                .setMax(Times.duration(1_000))
                                .setMultiplier(2))
                .build();
    }
}
