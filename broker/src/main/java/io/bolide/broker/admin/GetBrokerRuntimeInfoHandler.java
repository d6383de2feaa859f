package io.bolide.broker.admin;

import io.bolide.broker.table.Bodies;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.KVTable;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.bolide.remoting.Exchange;
import io.bolide.remoting.RequestHandler;
import io.bolide.store.MessageStore;
import io.netty.buffer.ByteBuf;
import java.io.File;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * GET_BROKER_RUNTIME_INFO (28): the broker's runtime figures as a KVTable. Every key the 5.4.0
 * {@code mqadmin clusterList} and {@code brokerStatus} parse is present (the tool parses several as
 * numbers and fails on a missing one); figures Bolide has no counterpart for (thread-pool queues,
 * timer wheel, page-cache lock) are reported as zero.
 */
final class GetBrokerRuntimeInfoHandler implements RequestHandler {
    /** The version this broker claims, as the reference's MQVersion names it. */
    static final String VERSION_DESC = "V5_4_0";

    static final int VERSION_CODE = 493;

    private static final String[] ZERO_KEYS = {
        "pageCacheLockTimeMills",
        "sendThreadPoolQueueSize",
        "pullThreadPoolQueueSize",
        "ackThreadPoolQueueSize",
        "sendThreadPoolQueueHeadWaitTimeMills",
        "pullThreadPoolQueueHeadWaitTimeMills",
        "ackThreadPoolQueueHeadWaitTimeMills",
        "timerReadBehind",
        "timerOffsetBehind",
        "timerCongestNum",
        "queryThreadPoolQueueSize",
        "queryThreadPoolQueueHeadWaitTimeMills",
        "remainTransientStoreBufferNumbs",
        "remainHowManyDataToCommit",
        "remainHowManyDataToFlush"
    };

    private final MessageStore store;
    private final TrafficSampler traffic;
    private final TopicTable topics;
    private final long bootMillis;
    private final File storeRoot;

    GetBrokerRuntimeInfoHandler(
            MessageStore store,
            TrafficSampler traffic,
            TopicTable topics,
            long bootMillis,
            Path storeRoot) {
        this.storeRoot = storeRoot.toFile();
        this.store = store;
        this.traffic = traffic;
        this.topics = topics;
        this.bootMillis = bootMillis;
    }

    @Override
    public void handle(RemotingCommand request, Exchange exchange) {
        Map<String, String> table = new HashMap<>(64);
        identity(table);
        traffic(table);
        storage(table);
        for (String key : ZERO_KEYS) {
            table.put(key, "0");
        }
        table.put("timerEnqueueTps", "0.0");
        table.put("timerDequeueTps", "0.0");
        exchange.respond(ResponseCode.SUCCESS, null, null, Bodies.json(new KVTable(table)));
    }

    private void identity(Map<String, String> table) {
        long now = System.currentTimeMillis();
        table.put("brokerVersionDesc", VERSION_DESC);
        table.put("brokerVersion", Integer.toString(VERSION_CODE));
        table.put("bootTimestamp", Long.toString(bootMillis));
        table.put("runtime", Decimal.uptime(now - bootMillis));
        table.put("brokerActive", "true");
        table.put("topicCount", Integer.toString(topics.all().size()));
    }

    private void traffic(Map<String, String> table) {
        TrafficSampler.DayMarks marks = traffic.marks();
        table.put("msgPutTotalTodayNow", Long.toString(traffic.putTotal()));
        table.put("msgGetTotalTodayNow", Long.toString(traffic.getTotal()));
        table.put("msgPutTotalTodayMorning", Long.toString(marks.putToday()));
        table.put("msgGetTotalTodayMorning", Long.toString(marks.getToday()));
        table.put("msgPutTotalYesterdayMorning", Long.toString(marks.putYest()));
        table.put("msgGetTotalYesterdayMorning", Long.toString(marks.getYest()));
        String put = Decimal.tps(traffic.putTps(10), traffic.putTps(60), traffic.putTps(600));
        String get = Decimal.tps(traffic.getTps(10), traffic.getTps(60), traffic.getTps(600));
        table.put("putTps", put);
        table.put("getTransferredTps", get);
        table.put("getTransferedTps", get);
        table.put("getFoundTps", get);
        table.put("getTotalTps", get);
        table.put("getMissTps", Decimal.tps(0, 0, 0));
        table.put("sendThreadPoolQueueCapacity", "10000");
        table.put("pullThreadPoolQueueCapacity", "100000");
    }

    private void storage(Map<String, String> table) {
        long max = store.maxPhysicalOffset();
        long min = store.minPhysicalOffset();
        table.put("commitLogMaxOffset", Long.toString(max));
        table.put("commitLogMinOffset", Long.toString(min));
        table.put(
                "dispatchBehindBytes", Long.toString(Math.max(0, max - store.dispatchedOffset())));
        table.put("earliestMessageTimeStamp", Long.toString(earliestStoreTime(min, max)));
        table.put("commitLogDiskRatio", Decimal.ratio(diskRatio()));
    }

    private long earliestStoreTime(long min, long max) {
        if (max <= min) {
            return 0;
        }
        ByteBuf record = store.getMessage(min);
        if (record == null) {
            return 0;
        }
        try {
            return new StoredMessageFlyweight().wrap(record, record.readerIndex()).storeTimestamp();
        } catch (RuntimeException e) {
            return 0;
        } finally {
            record.release();
        }
    }

    private double diskRatio() {
        long total = storeRoot.getTotalSpace();
        return total <= 0 ? 0 : (total - storeRoot.getUsableSpace()) / (double) total;
    }
}
