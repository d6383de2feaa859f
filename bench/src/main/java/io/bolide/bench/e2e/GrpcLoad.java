package io.bolide.bench.e2e;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.apis.ClientConfiguration;
import org.apache.rocketmq.client.apis.ClientException;
import org.apache.rocketmq.client.apis.ClientServiceProvider;
import org.apache.rocketmq.client.apis.consumer.FilterExpression;
import org.apache.rocketmq.client.apis.consumer.SimpleConsumer;
import org.apache.rocketmq.client.apis.producer.Producer;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.remoting.protocol.route.BrokerData;
import org.apache.rocketmq.remoting.protocol.route.TopicRouteData;
import org.apache.rocketmq.remoting.protocol.subscription.SubscriptionGroupConfig;

/**
 * Load generator on the official RocketMQ 5 gRPC Java SDK (rocketmq-client-java), the same against
 * any gRPC endpoint: {@code --threads} threads sync-send SIZE-byte messages through one Producer
 * while {@code --consumers} threads receive and acknowledge them through one SimpleConsumer, for
 * {@code --duration} seconds after {@code --warmup}. Reports produce and consume throughput, send
 * latency, born-to-received latency, and the CPU per message of the server processes ({@code
 * --pids}, from {@code /proc}) over the measured window, then the same for the receivers draining
 * the backlog alone after the senders stop. See bench/run-grpc.sh. The SDK jar must come first on
 * the class path (its apache.rocketmq.v2 classes are built on its shaded gRPC).
 */
public final class GrpcLoad {
    private static final String GROUP = "grpc_bench_consumer";

    private GrpcLoad() {}

    /** Runs one measurement; results go to stdout and {@code --out}. */
    public static void main(String[] args) throws Exception {
        GrpcOptions options;
        try {
            options = GrpcOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Results results = new Results();
        createTopicAndGroup(options);
        ClientServiceProvider provider = ClientServiceProvider.loadService();
        ClientConfiguration config =
                ClientConfiguration.newBuilder()
                        .setEndpoints(options.endpoint)
                        .enableSsl(false)
                        .setRequestTimeout(Duration.ofSeconds(10))
                        .build();
        try (Producer producer = withRetries(() -> producer(provider, config, options));
                SimpleConsumer consumer =
                        withRetries(() -> simpleConsumer(provider, config, options))) {
            measure(options, provider, producer, consumer, results);
        }
        results.save(options.out);
        System.exit(0);
    }

    private static void measure(
            GrpcOptions options,
            ClientServiceProvider provider,
            Producer producer,
            SimpleConsumer consumer,
            Results results)
            throws Exception {
        GrpcSenders senders =
                new GrpcSenders(provider, producer, options.topic, options.size, options.threads);
        GrpcReceivers receivers = new GrpcReceivers(consumer, options.batch, options.consumers);
        receivers.start();
        senders.start();
        TimeUnit.SECONDS.sleep(options.warmupSeconds);
        List<Integer> self = List.of((int) ProcessHandle.current().pid());
        long cpuBefore = ProcessSample.cpuMicros(options.pids, options.clockTicks);
        long clientBefore = ProcessSample.cpuMicros(self, options.clockTicks);
        long started = System.nanoTime();
        senders.measuring(true);
        receivers.measuring(true);
        TimeUnit.SECONDS.sleep(options.durationSeconds);
        senders.measuring(false);
        receivers.measuring(false);
        long elapsed = System.nanoTime() - started;
        long cpu = ProcessSample.cpuMicros(options.pids, options.clockTicks) - cpuBefore;
        long clientCpu = ProcessSample.cpuMicros(self, options.clockTicks) - clientBefore;
        senders.stop();
        drain(options, senders, receivers, results);
        receivers.stop();
        senders.report(results, elapsed);
        receivers.report(results, elapsed);
        results.put("consume.backlog_at_end", senders.sentTotal() - receivers.receivedTotal());
        // Per message sent in the window; when the receivers fall behind the senders, part of
        // those messages' receive and ack cost lands after the window, so the figure per send +
        // receive (each of the two counted once) is given as well, and the drain's own figure.
        results.put("server.cpu_us_per_msg", perMessage(cpu, senders.sent()));
        results.put("server.cpu_us_per_op", perMessage(cpu, senders.sent() + receivers.received()));
        results.put("client.cpu_us_per_msg", perMessage(clientCpu, senders.sent()));
        long hwm = 0;
        for (int pid : options.pids) {
            hwm += ProcessSample.statusKb(pid, "VmHWM");
        }
        results.put("server.vmhwm_kb", hwm);
    }

    private static Producer producer(
            ClientServiceProvider provider, ClientConfiguration config, GrpcOptions options)
            throws ClientException {
        return provider.newProducerBuilder()
                .setClientConfiguration(config)
                .setTopics(options.topic)
                .build();
    }

    private static SimpleConsumer simpleConsumer(
            ClientServiceProvider provider, ClientConfiguration config, GrpcOptions options)
            throws ClientException {
        return provider.newSimpleConsumerBuilder()
                .setClientConfiguration(config)
                .setConsumerGroup(GROUP)
                .setSubscriptionExpressions(Map.of(options.topic, FilterExpression.SUB_ALL))
                .setAwaitDuration(Duration.ofSeconds(2))
                .build();
    }

    /** A client whose start-up failed is built again (for 120 s): a loaded host starts slowly. */
    private static <T> T withRetries(Callable<T> start) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (true) {
            try {
                return start.call();
            } catch (Exception e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                System.err.println("client start-up failed, again: " + ProducePhase.oneLine(e));
                TimeUnit.MILLISECONDS.sleep(500);
            }
        }
    }

    /**
     * The topic is created by a remoting send (auto-creation) and the consumer group by
     * UPDATE_AND_CREATE_SUBSCRIPTIONGROUP to every broker of the route, what {@code mqadmin
     * updateTopic} and {@code updateSubGroup} would do, the same on both servers: a gRPC route
     * query for an unknown topic is answered TOPIC_NOT_FOUND, and Apache's proxy in local mode
     * leaves a consumer's settings unanswered for a group its broker does not hold (the SDK's
     * start-up then fails with "Task was cancelled").
     */
    @SuppressWarnings("deprecation") // the client's API handle: the one way without the tools jar
    private static void createTopicAndGroup(GrpcOptions options) throws Exception {
        DefaultMQProducer remoting = new DefaultMQProducer("grpc_bench_setup");
        remoting.setNamesrvAddr(options.namesrv);
        remoting.setVipChannelEnabled(false);
        remoting.start();
        try {
            E2eLoad.createBySending(remoting, options.topic);
            MQClientAPIImpl api =
                    remoting.getDefaultMQProducerImpl().getMqClientFactory().getMQClientAPIImpl();
            TopicRouteData route = api.getTopicRouteInfoFromNameServer(options.topic, 15_000);
            SubscriptionGroupConfig group = new SubscriptionGroupConfig();
            group.setGroupName(GROUP);
            for (BrokerData broker : route.getBrokerDatas()) {
                api.createSubscriptionGroup(broker.selectBrokerAddr(), group, 15_000);
            }
        } finally {
            remoting.shutdown();
        }
    }

    /**
     * After the senders stop, the receivers drain what is left: consumption alone, with the whole
     * host to itself (while 64 senders run, the 4 receiving threads get what CPU they leave).
     */
    private static void drain(
            GrpcOptions options, GrpcSenders senders, GrpcReceivers receivers, Results results)
            throws Exception {
        long from = receivers.receivedTotal();
        long cpuBefore = ProcessSample.cpuMicros(options.pids, options.clockTicks);
        long started = System.nanoTime();
        awaitUntil(() -> receivers.receivedTotal() >= senders.sentTotal(), options.drainSeconds);
        long elapsed = System.nanoTime() - started;
        long drained = receivers.receivedTotal() - from;
        long cpu = ProcessSample.cpuMicros(options.pids, options.clockTicks) - cpuBefore;
        results.put("drain.received", drained);
        results.put("drain.tps", drained * 1_000_000_000L / Math.max(1, elapsed));
        results.put("drain.server.cpu_us_per_msg", perMessage(cpu, drained));
    }

    private static void awaitUntil(BooleanSupplier condition, int seconds)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean() && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(20);
        }
    }

    private static String perMessage(long cpuMicros, long messages) {
        if (messages == 0) {
            return "n/a";
        }
        return Double.toString(Math.round(cpuMicros * 10.0 / messages) / 10.0);
    }
}
