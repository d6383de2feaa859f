package io.bolide.bench.e2e;

import io.bolide.embedded.EmbeddedBolide;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.rocketmq.client.consumer.DefaultMQPushConsumer;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.consumer.ConsumeFromWhere;
import org.apache.rocketmq.common.message.Message;

/**
 * End-to-end load generator on the official RocketMQ 5.4.0 Java client, the same against any
 * broker. Mode {@code run}: a live phase (producers and a push consumer at once: produce TPS, send
 * and end-to-end latency, broker CPU per message) and a backlog phase (a pre-filled topic drained
 * by a new push consumer group: consume TPS and CPU per message). Mode {@code firstsend}: prints
 * {@code READY}, then retries one send until it succeeds and prints when, for start-up timing.
 * Broker process figures come from {@code /proc} of {@code --pids}. See bench/run-e2e.sh.
 */
public final class E2eLoad {
    private E2eLoad() {}

    /** Runs the mode {@code args} name; results go to stdout and {@code --out}. */
    public static void main(String[] args) throws Exception {
        E2eOptions options;
        try {
            options = E2eOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println(e.getMessage());
            System.exit(2);
            return;
        }
        Results results = new Results();
        switch (options.mode) {
            case "firstsend" -> firstSend(options, results);
            case "fill" -> HaPhases.fill(options, producer(options, 10_000), results);
            case "offset" -> HaPhases.offset(options, results);
            case "catchup" -> HaPhases.catchUp(options, results);
            default -> run(options, results);
        }
        results.save(options.out);
        System.exit(0);
    }

    private static void run(E2eOptions options, Results results) throws Exception {
        DefaultMQProducer producer = producer(options, 10_000);
        producer.start();
        try {
            livePhase(options, producer, results);
            if (options.backlogSeconds > 0) {
                backlogPhase(options, producer, results);
            }
            memory(options, results);
        } finally {
            producer.shutdown();
        }
    }

    private static void livePhase(E2eOptions options, DefaultMQProducer producer, Results results)
            throws Exception {
        createBySending(producer, options.topic);
        LatencyConsumer listener = new LatencyConsumer();
        DefaultMQPushConsumer consumer = liveConsumer(options, producer, listener);
        ProducePhase phase =
                new ProducePhase(
                        producer, options.topic, options.size, options.threads, options.rate);
        phase.start();
        TimeUnit.SECONDS.sleep(options.warmupSeconds);
        GcPauses clientPauses = new GcPauses();
        long cpuBefore = ProcessSample.cpuMicros(options.pids, options.clockTicks);
        long jitBefore = ProcessSample.compilerCpuMicros(options.pids, options.clockTicks);
        long clientCpuBefore = ProcessSample.cpuMicros(self(), options.clockTicks);
        long started = System.nanoTime();
        listener.windowFrom(System.currentTimeMillis());
        phase.measuring(true);
        clientPauses.counting(true);
        HaPhases.duringLive(options, results);
        clientPauses.counting(false);
        phase.measuring(false);
        listener.windowTo(System.currentTimeMillis());
        long elapsed = System.nanoTime() - started;
        long cpu = ProcessSample.cpuMicros(options.pids, options.clockTicks) - cpuBefore;
        long jit = ProcessSample.compilerCpuMicros(options.pids, options.clockTicks) - jitBefore;
        long clientCpu = ProcessSample.cpuMicros(self(), options.clockTicks) - clientCpuBefore;
        phase.stop();
        if (consumer != null) {
            awaitUntil(() -> listener.inWindow() >= phase.sent(), options.drainSeconds);
        }
        phase.report(results, "produce", elapsed);
        results.put("produce.broker_cpu_us_per_msg", perMessage(cpu, phase.sent()));
        results.put("produce.broker_jit_cpu_us_per_msg", perMessage(jit, phase.sent()));
        // The load generator's own CPU (producers and consumer): on two cores what it takes, the
        // broker cannot have, and the consumer's share grows with the pull round trips per message.
        results.put("produce.client_cpu_us_per_msg", perMessage(clientCpu, phase.sent()));
        clientPauses.report(results, "client.gc");
        if (consumer != null) {
            // Stopped first: a drain that timed out leaves deliveries recording into the
            // histograms, and printing one while it changes threw ConcurrentModificationException.
            consumer.shutdown();
            results.put("e2e.received", listener.inWindow());
            listener.report(results, "e2e");
        }
    }

    /** The live phase's end-to-end consumer, or null with {@code --consume 0}. */
    private static DefaultMQPushConsumer liveConsumer(
            E2eOptions options, DefaultMQProducer producer, LatencyConsumer listener)
            throws Exception {
        if (!options.consume) {
            return null;
        }
        return consumer(
                options,
                producer,
                "bench_live",
                options.topic,
                ConsumeFromWhere.CONSUME_FROM_LAST_OFFSET,
                listener);
    }

    /** A push consumer started in the run's consume mode (POP: the group set to POP first). */
    private static DefaultMQPushConsumer consumer(
            E2eOptions options,
            DefaultMQProducer producer,
            String group,
            String topic,
            ConsumeFromWhere from,
            LatencyConsumer listener)
            throws Exception {
        if (options.pop) {
            PopMode.set(producer, topic, group);
        }
        return LatencyConsumer.start(options.namesrv, group, topic, from, listener, options.pop);
    }

    private static void backlogPhase(
            E2eOptions options, DefaultMQProducer producer, Results results) throws Exception {
        String topic = options.topic + "Backlog";
        createBySending(producer, topic);
        ProducePhase fill = new ProducePhase(producer, topic, options.size, options.threads, 0);
        fill.start();
        if (options.backlogMessages > 0) {
            // A fixed backlog: both brokers' CPU per message then spreads the same fixed costs.
            awaitUntil(() -> fill.sentTotal() >= options.backlogMessages, options.drainSeconds);
        } else {
            TimeUnit.SECONDS.sleep(options.backlogSeconds);
        }
        fill.stop();
        long backlog = fill.sentTotal() + 1;
        results.put("backlog.messages", backlog);
        List<Integer> broker = options.pids.isEmpty() ? List.of() : options.pids.subList(0, 1);
        long cpuBefore = ProcessSample.cpuMicros(options.pids, options.clockTicks);
        long brokerBefore = ProcessSample.cpuMicros(broker, options.clockTicks);
        LatencyConsumer listener = new LatencyConsumer();
        DefaultMQPushConsumer consumer =
                consumer(
                        options,
                        producer,
                        "bench_backlog",
                        topic,
                        ConsumeFromWhere.CONSUME_FROM_FIRST_OFFSET,
                        listener);
        awaitUntil(() -> listener.received() >= backlog, options.drainSeconds);
        long cpu = ProcessSample.cpuMicros(options.pids, options.clockTicks) - cpuBefore;
        long brokerCpu = ProcessSample.cpuMicros(broker, options.clockTicks) - brokerBefore;
        consumer.shutdown();
        long received = listener.received();
        results.put("consume.received", received);
        long span = Math.max(1, listener.deliverySpanNanos());
        results.put("consume.tps", received * 1_000_000_000L / span);
        results.put("consume.broker_cpu_us_per_msg", perMessage(cpu, received));
        // The broker process alone (Apache's name server is the second pid; Bolide has one).
        results.put("consume.broker_only_cpu_us_per_msg", perMessage(brokerCpu, received));
    }

    private static void memory(E2eOptions options, Results results) throws Exception {
        if (options.pids.isEmpty()) {
            return;
        }
        int broker = options.pids.get(0);
        results.put("broker.vmhwm_kb", ProcessSample.statusKb(broker, "VmHWM"));
        results.put("broker.rss_anon_kb", ProcessSample.statusKb(broker, "RssAnon"));
        results.put("broker.rss_file_kb", ProcessSample.statusKb(broker, "RssFile"));
        long total = 0;
        for (int pid : options.pids) {
            total += ProcessSample.statusKb(pid, "VmHWM");
        }
        results.put("server.vmhwm_kb", total);
    }

    private static void firstSend(E2eOptions options, Results results) throws Exception {
        if (options.warmClient) {
            warmClient(options);
        }
        DefaultMQProducer producer = producer(options, 1000);
        producer.setRetryTimesWhenSendFailed(0);
        producer.start();
        System.out.println("READY");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(options.drainSeconds);
        awaitPort(options.namesrv, deadline);
        Message message = new Message(options.topic, new byte[options.size]);
        while (System.nanoTime() < deadline) {
            try {
                if (producer.send(message).getSendStatus() == SendStatus.SEND_OK) {
                    results.put("first_send_epoch_ms", System.currentTimeMillis());
                    break;
                }
            } catch (Exception e) {
                TimeUnit.MILLISECONDS.sleep(5);
            }
        }
        producer.shutdown();
    }

    /**
     * Runs the client's send path (route lookup, the default-topic fallback, connection, send)
     * against a throwaway in-process broker, so the timed first send measures the broker being
     * started, not the official client's own first-use cost: against a broker that is already up, a
     * fresh client takes 265-418 ms from start to its first send (class loading, interpreted code),
     * which would count against whichever broker is timed.
     */
    private static void warmClient(E2eOptions options) throws Exception {
        try (EmbeddedBolide warm = EmbeddedBolide.start()) {
            DefaultMQProducer producer = new DefaultMQProducer("bench_warm_producer");
            producer.setNamesrvAddr(warm.nameServerAddress());
            producer.setInstanceName("warm-up");
            producer.setVipChannelEnabled(false);
            producer.start();
            try {
                for (int i = 0; i < 20; i++) {
                    producer.send(new Message("WarmUp" + (i % 4), new byte[options.size]));
                }
            } finally {
                producer.shutdown();
            }
        }
        settle(options.clockTicks);
    }

    /**
     * Waits (at most 10 s) until this JVM is idle: a tenth of a second using under 10 ms of CPU.
     * Right after the warm-up its JIT compilers are still busy, and on two cores that would slow
     * the start-up being timed.
     */
    private static void settle(int clockTicks) throws IOException, InterruptedException {
        List<Integer> self = self();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        long before = ProcessSample.cpuMicros(self, clockTicks);
        while (System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(100);
            long now = ProcessSample.cpuMicros(self, clockTicks);
            if (now - before < 10_000) {
                return;
            }
            before = now;
        }
    }

    /**
     * Waits with a bare TCP connect every 5 ms until the name server accepts connections. The
     * official client's send against a closed port costs about 0.7 of a core when retried every 5
     * ms (connection set-up, exception, log lines), which on two cores slowed the very start-up
     * being timed to half speed; a plain connect attempt costs next to nothing.
     */
    private static void awaitPort(String address, long deadlineNanos) throws InterruptedException {
        int colon = address.lastIndexOf(':');
        InetSocketAddress target =
                new InetSocketAddress(
                        address.substring(0, colon),
                        Integer.parseInt(address.substring(colon + 1)));
        while (System.nanoTime() < deadlineNanos) {
            try (Socket socket = new Socket()) {
                socket.connect(target, 100);
                return;
            } catch (IOException e) {
                TimeUnit.MILLISECONDS.sleep(5);
            }
        }
    }

    private static List<Integer> self() {
        return List.of((int) ProcessHandle.current().pid());
    }

    static DefaultMQProducer producer(E2eOptions options, int timeoutMillis) {
        DefaultMQProducer producer = new DefaultMQProducer("bench_producer", Credentials.hook());
        producer.setNamesrvAddr(options.namesrv);
        producer.setVipChannelEnabled(false);
        producer.setSendMsgTimeout(timeoutMillis);
        return producer;
    }

    /** Sends until one succeeds, so the topic exists (auto-created) before consumers subscribe. */
    static void createBySending(DefaultMQProducer producer, String topic) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (true) {
            try {
                producer.send(new Message(topic, "bench", new byte[16]));
                return;
            } catch (Exception e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
        }
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
