package io.bolide.bench.store;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.common.BrokerConfig;
import org.apache.rocketmq.common.UtilAll;
import org.apache.rocketmq.common.message.MessageAccessor;
import org.apache.rocketmq.common.message.MessageDecoder;
import org.apache.rocketmq.common.message.MessageExtBrokerInner;
import org.apache.rocketmq.store.DefaultMessageStore;
import org.apache.rocketmq.store.MessageArrivingListener;
import org.apache.rocketmq.store.PutMessageResult;
import org.apache.rocketmq.store.config.FlushDiskType;
import org.apache.rocketmq.store.config.MessageStoreConfig;
import org.apache.rocketmq.store.stats.BrokerStatsManager;

/** Apache RocketMQ 5.4.0's DefaultMessageStore, fed the way its SendMessageProcessor does. */
final class ApacheTarget implements AppendTarget {
    private final DefaultMessageStore store;
    private final byte[] body;
    private final InetSocketAddress storeHost;

    ApacheTarget(Path dir, boolean sync, byte[] body) throws Exception {
        this.body = body;
        MessageStoreConfig config = new MessageStoreConfig();
        config.setStorePathRootDir(dir.toString());
        config.setStorePathCommitLog(dir.resolve("commitlog").toString());
        config.setFlushDiskType(sync ? FlushDiskType.SYNC_FLUSH : FlushDiskType.ASYNC_FLUSH);
        this.storeHost = new InetSocketAddress(InetAddress.getLoopbackAddress(), 10911);
        MessageArrivingListener listener = (topic, queue, offset, tags, time, filter, props) -> {};
        this.store =
                new DefaultMessageStore(
                        config,
                        new BrokerStatsManager("bench", true),
                        listener,
                        new BrokerConfig(),
                        new ConcurrentHashMap<>());
        if (!store.load()) {
            throw new IllegalStateException("Apache store failed to load");
        }
        store.start();
    }

    @Override
    public void append(int writer, long seq) {
        MessageExtBrokerInner msg = new MessageExtBrokerInner();
        msg.setTopic(StoreAppendBench.TOPIC);
        msg.setQueueId(writer % StoreAppendBench.QUEUES);
        msg.setBody(body);
        msg.setTags("TagA");
        MessageAccessor.putProperty(msg, "UNIQ_KEY", StoreAppendBench.uniqKey(writer, seq));
        MessageAccessor.putProperty(msg, "WAIT", "true");
        Map<String, String> properties = msg.getProperties();
        msg.setPropertiesString(MessageDecoder.messageProperties2String(properties));
        msg.setTagsCode(MessageExtBrokerInner.tagsString2tagsCode("TagA"));
        msg.setBornTimestamp(System.currentTimeMillis());
        msg.setBornHost(new InetSocketAddress(storeHost.getAddress(), 40000 + writer));
        msg.setStoreHost(storeHost);
        msg.setBodyCRC(UtilAll.crc32(body));
        msg.setSysFlag(0);
        PutMessageResult result = store.asyncPutMessage(msg).join();
        if (!result.isOk()) {
            throw new IllegalStateException("put failed: " + result);
        }
    }

    @Override
    public void close() {
        store.shutdown();
        store.destroy();
    }
}
