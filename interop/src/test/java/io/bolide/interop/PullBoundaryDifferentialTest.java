package io.bolide.interop;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.rocketmq.remoting.protocol.RemotingCommand;
import org.apache.rocketmq.remoting.protocol.RequestCode;
import org.apache.rocketmq.remoting.protocol.header.PullMessageRequestHeader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The same raw PULL_MESSAGE requests at a queue's boundaries sent to an Apache RocketMQ 5.5.0
 * master and slave and to a Bolide master and slave: each Bolide broker answers as the Apache one
 * of its role does, in response code, remark (the store's status) and the header fields a consumer
 * acts on ({@code nextBeginOffset}, {@code minOffset}, {@code maxOffset}, {@code
 * suggestWhichBrokerId}), and holds a suspended pull exactly when the Apache one holds it
 * (docs/protocol/flows.md, "Pull answers at a queue's boundaries").
 *
 * <p>"Below min" is a pull at offset -1 of a queue whose minimum is 0: raising a queue's minimum
 * takes the reference's time-based deletion of whole commit-log files, too slow for a test.
 */
class PullBoundaryDifferentialTest {
    private static final Duration WAIT = Duration.ofSeconds(60);
    private static final String TOPIC = "PullBoundary";
    private static final String GROUP = "pull-boundary-cg";
    private static final String SLAVE_GROUP = "pull-boundary-cg-on-1";
    private static final int SENT = 3;
    private static final long HOLD_MILLIS = 1_000;

    /** Under the call's 20 s limit, above the reference's 5 s check of held pulls. */
    private static final long LONG_HOLD_MILLIS = 15_000;

    private static final int FLAG_SUSPEND = 2;
    private static final int FLAG_SUBSCRIPTION = 4;
    private static final List<Integer> PULL_CODES = List.of(0, 19, 20, 21);

    @TempDir Path dir;

    /** One pull: where, and whether the consumer lets the broker hold it. */
    private record Case(
            String name, String group, String topic, int queueId, long offset, boolean suspend) {
        Case(String name, String topic, int queueId, long offset, boolean suspend) {
            this(name, GROUP, topic, queueId, offset, suspend);
        }
    }

    /** What a broker answered, and whether it held the pull first. */
    private record Answer(
            int code,
            String remark,
            String next,
            String min,
            String max,
            String suggest,
            boolean held) {
        /** The fields the comparison looks at: all of them for a pull answer, else the code. */
        String compared(boolean suspend) {
            if (!PULL_CODES.contains(code)) {
                return "code=" + code;
            }
            return "code=%d remark=%s next=%s min=%s max=%s suggest=%s%s"
                    .formatted(
                            code, remark, next, min, max, suggest, suspend ? " held=" + held : "");
        }
    }

    private static List<Case> cases() {
        return List.of(
                new Case("inside", TOPIC, 0, 1, false),
                new Case("at max", TOPIC, 0, SENT, false),
                new Case("at max, suspended", TOPIC, 0, SENT, true),
                new Case("beyond max", TOPIC, 0, SENT + 7, false),
                new Case("beyond max, suspended", TOPIC, 0, SENT + 7, true),
                new Case("below min", TOPIC, 0, -1, false),
                new Case("below min, suspended", TOPIC, 0, -1, true),
                new Case("empty queue", TOPIC, 1, 0, false),
                new Case("empty queue, suspended", TOPIC, 1, 0, true),
                new Case("empty queue at 5", TOPIC, 1, 5, false),
                new Case("unknown queue", TOPIC, 99, 0, false),
                new Case("unknown topic", "PullBoundaryNone", 0, 0, false),
                // A group whose reads go to broker 1: where the slave's suggestion shows.
                new Case("inside, group on 1", SLAVE_GROUP, TOPIC, 0, 1, false),
                new Case("at max, group on 1", SLAVE_GROUP, TOPIC, 0, SENT, false),
                new Case("beyond max, group on 1", SLAVE_GROUP, TOPIC, 0, SENT + 7, false),
                new Case("empty queue at 5, group on 1", SLAVE_GROUP, TOPIC, 1, 5, false));
    }

    @Test
    void shouldAnswerEveryBoundaryPullAsTheApacheBrokerOfTheSameRole() throws Exception {
        try (PullPeers peers = PullPeers.start(dir, WAIT);
                Wire wire = new Wire()) {
            peers.createTopic(wire, TOPIC, 4, WAIT);
            peers.createGroup(wire, SLAVE_GROUP, 1, WAIT);
            for (String master : List.of(PullPeers.APACHE_MASTER, PullPeers.BOLIDE_MASTER)) {
                for (int i = 0; i < SENT; i++) {
                    RemotingCommand sent = wire.send(peers.address(master), TOPIC, 0, i, "m" + i);
                    assertThat(sent.getCode()).as(sent.getRemark()).isZero();
                }
            }
            for (String slave : List.of(PullPeers.APACHE_SLAVE, PullPeers.BOLIDE_SLAVE)) {
                Await.until(
                        WAIT,
                        () -> wire.maxOffset(peers.address(slave), TOPIC, 0) == SENT,
                        "the messages dispatched on the " + slave);
            }
            List<String> table = new ArrayList<>();
            List<String> differences = new ArrayList<>();
            for (Case c : cases()) {
                compare(wire, peers, c, table, differences);
            }
            System.out.println(String.join("\n", table));
            assertThat(differences).as(String.join("\n", table)).isEmpty();
            assertHeldPullsWokenByAnArrival(wire, peers);
        }
    }

    /**
     * A pull held at the max offset, on a master or a slave, is answered with the next message once
     * it arrives (replicated, on a slave), well before its hold time runs out.
     */
    private static void assertHeldPullsWokenByAnArrival(Wire wire, PullPeers peers)
            throws Exception {
        Case atMax = new Case("held at max", TOPIC, 0, SENT, true);
        Map<String, CompletableFuture<Answer>> held = new LinkedHashMap<>();
        for (String name : peers.addresses().keySet()) {
            held.put(name, CompletableFuture.supplyAsync(() -> heldPull(wire, peers, name, atMax)));
        }
        for (String master : List.of(PullPeers.APACHE_MASTER, PullPeers.BOLIDE_MASTER)) {
            RemotingCommand sent = wire.send(peers.address(master), TOPIC, 0, SENT, "woken");
            assertThat(sent.getCode()).as(sent.getRemark()).isZero();
        }
        for (Map.Entry<String, CompletableFuture<Answer>> pull : held.entrySet()) {
            Answer answer = pull.getValue().get(WAIT.toSeconds(), TimeUnit.SECONDS);
            assertThat(answer.code()).as(pull.getKey()).isZero();
            assertThat(answer.next()).as(pull.getKey()).isEqualTo(Long.toString(SENT + 1));
            assertThat(answer.held())
                    .as(pull.getKey() + " answered before its hold ran out")
                    .isFalse();
        }
    }

    private static Answer heldPull(Wire wire, PullPeers peers, String name, Case c) {
        try {
            return pull(wire, peers.address(name), c, LONG_HOLD_MILLIS);
        } catch (Exception e) {
            throw new IllegalStateException("the held pull on the " + name, e);
        }
    }

    private static void compare(
            Wire wire, PullPeers peers, Case c, List<String> table, List<String> differences)
            throws Exception {
        List<List<String>> pairs =
                List.of(
                        List.of(PullPeers.APACHE_MASTER, PullPeers.BOLIDE_MASTER),
                        List.of(PullPeers.APACHE_SLAVE, PullPeers.BOLIDE_SLAVE));
        for (List<String> pair : pairs) {
            String reference = pull(wire, peers.address(pair.get(0)), c).compared(c.suspend());
            String ours = pull(wire, peers.address(pair.get(1)), c).compared(c.suspend());
            table.add("%-30s %-13s %s".formatted(c.name(), pair.get(0), reference));
            table.add("%-30s %-13s %s".formatted(c.name(), pair.get(1), ours));
            if (!reference.equals(ours)) {
                differences.add(c.name() + " on the " + pair.get(1));
            }
        }
    }

    private static Answer pull(Wire wire, String address, Case c) throws Exception {
        return pull(wire, address, c, HOLD_MILLIS);
    }

    private static Answer pull(Wire wire, String address, Case c, long holdMillis)
            throws Exception {
        PullMessageRequestHeader header = new PullMessageRequestHeader();
        header.setConsumerGroup(c.group());
        header.setTopic(c.topic());
        header.setQueueId(c.queueId());
        header.setQueueOffset(c.offset());
        header.setMaxMsgNums(32);
        header.setSysFlag(FLAG_SUBSCRIPTION | (c.suspend() ? FLAG_SUSPEND : 0));
        header.setCommitOffset(0L);
        header.setSuspendTimeoutMillis(holdMillis);
        header.setSubscription("*");
        header.setSubVersion(0L);
        header.setExpressionType("TAG");
        long start = System.nanoTime();
        RemotingCommand answer = wire.call(address, RequestCode.PULL_MESSAGE, header, null);
        long millis = (System.nanoTime() - start) / 1_000_000;
        Map<String, String> fields =
                answer.getExtFields() == null ? Map.of() : answer.getExtFields();
        return new Answer(
                answer.getCode(),
                answer.getRemark(),
                fields.get("nextBeginOffset"),
                fields.get("minOffset"),
                fields.get("maxOffset"),
                fields.get("suggestWhichBrokerId"),
                // A held pull is answered at its deadline; an unheld one in milliseconds.
                millis >= holdMillis * 8 / 10);
    }
}
