package io.bolide.broker.registration;

import io.bolide.broker.table.Perm;
import io.bolide.broker.table.TopicTable;
import io.bolide.protocol.body.BodyCodec;
import io.bolide.protocol.body.CompressedRegistrationCodec;
import io.bolide.protocol.body.DataVersion;
import io.bolide.protocol.body.RegisterBrokerBody;
import io.bolide.protocol.body.TopicConfig;
import io.bolide.protocol.body.TopicConfigSerializeWrapper;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.protocol.frame.RemotingCommand;
import io.bolide.protocol.header.QueryDataVersionResponseHeader;
import io.bolide.protocol.header.RegisterBrokerResponseHeader;
import io.bolide.remoting.RemotingClient;
import io.netty.buffer.Unpooled;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntSupplier;
import java.util.zip.CRC32;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A name server over the wire: REGISTER_BROKER with the changed topics or the whole table, and
 * QUERY_DATA_VERSION. A whole table goes in the compressed form when that form loses nothing (it
 * has no field for a topic's system flag): a fraction of the bytes, and a text line per topic for
 * the name server to read instead of a JSON object.
 */
final class RemoteNameServer implements NameServerLink {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteNameServer.class);

    private final String address;
    private final RemotingClient client;
    private final TopicTable topics;
    private final BrokerIdentity broker;
    private final long timeoutMillis;
    private final MasterAddress master;
    private final HeaderSigner signer;
    private final IntSupplier permission;

    /**
     * @param master where a slave records the master each answer names; null for a master
     * @param signer adds the broker's credentials to each request
     * @param permission the broker's permission bits now: a broker that is not both readable and
     *     writable registers every topic with its perm masked by them, as the reference does
     */
    RemoteNameServer(
            String address,
            RemotingClient client,
            TopicTable topics,
            BrokerIdentity broker,
            long timeoutMillis,
            MasterAddress master,
            HeaderSigner signer,
            IntSupplier permission) {
        this.permission = permission;
        this.master = master;
        this.signer = signer;
        this.address = address;
        this.client = client;
        this.topics = topics;
        this.broker = broker;
        this.timeoutMillis = timeoutMillis;
    }

    @Override
    public CompletableFuture<Boolean> register(Collection<String> changed) {
        TopicConfigSerializeWrapper table =
                masked(changed == null ? topics.snapshot() : only(changed));
        RegisterBrokerBody body = new RegisterBrokerBody(table, List.of());
        boolean compressed = changed == null && lossless(table);
        byte[] bytes =
                compressed ? CompressedRegistrationCodec.encode(body) : BodyCodec.encode(body);
        CRC32 crc = new CRC32();
        crc.update(bytes);
        return client.invokeAsync(
                        address,
                        RequestCode.REGISTER_BROKER,
                        signer.sign(
                                broker.registerHeader(
                                        compressed, (int) (crc.getValue() & 0x7FFFFFFF)),
                                bytes),
                        Unpooled.wrappedBuffer(bytes),
                        timeoutMillis)
                .handle(this::accepted);
    }

    /**
     * The named topics as they are now (deleted ones left out), under a version that covers them.
     */
    private TopicConfigSerializeWrapper only(Collection<String> names) {
        // The version first: each change bumps it after storing the topic, so what is read next is
        // at least as new as the version says.
        DataVersion version = topics.version();
        Map<String, TopicConfig> table = new HashMap<>(names.size() * 4 / 3 + 1);
        for (String name : names) {
            TopicConfig topic = topics.get(name);
            if (topic != null) {
                table.put(name, topic);
            }
        }
        if (topics.mappings().isEmpty()) {
            return new TopicConfigSerializeWrapper(table, version, null, null, null);
        }
        return new TopicConfigSerializeWrapper(
                table, version, topics.mappings().version(), topics.mappings().infos(names), null);
    }

    /** The table with each topic's perm masked by the broker's when that is not read-write. */
    private TopicConfigSerializeWrapper masked(TopicConfigSerializeWrapper table) {
        int perm = permission.getAsInt();
        if (Perm.readable(perm) && Perm.writable(perm)) {
            return table;
        }
        Map<String, TopicConfig> masked = new TreeMap<>();
        table.topicConfigTable()
                .forEach(
                        (name, topic) ->
                                masked.put(
                                        name,
                                        new TopicConfig(
                                                topic.topicName(),
                                                topic.readQueueNums(),
                                                topic.writeQueueNums(),
                                                topic.perm() & perm,
                                                topic.topicFilterType(),
                                                topic.topicSysFlag(),
                                                topic.order(),
                                                topic.attributes())));
        return new TopicConfigSerializeWrapper(
                masked,
                table.dataVersion(),
                table.mappingDataVersion(),
                table.topicQueueMappingInfoMap(),
                table.topicQueueMappingDetailMap());
    }

    private static boolean lossless(TopicConfigSerializeWrapper table) {
        for (TopicConfig topic : table.topicConfigTable().values()) {
            if (topic.topicSysFlag() != 0) {
                return false;
            }
        }
        return true;
    }

    private Boolean accepted(RemotingCommand response, Throwable failure) {
        if (failure != null) {
            LOG.warn("register with name server {} failed: {}", address, failure.getMessage());
            return false;
        }
        try {
            if (response.code() != ResponseCode.SUCCESS) {
                LOG.warn(
                        "name server {} refused registration: {} {}",
                        address,
                        response.code(),
                        response.remark());
                return false;
            }
            if (master != null) {
                RegisterBrokerResponseHeader answer =
                        RegisterBrokerResponseHeader.decode(response.extFields());
                master.learned(answer.masterAddr(), answer.haServerAddr());
            }
            return true;
        } finally {
            response.release();
        }
    }

    @Override
    public CompletableFuture<Boolean> unchanged() {
        byte[] version = BodyCodec.encode(topics.version());
        return client.invokeAsync(
                        address,
                        RequestCode.QUERY_DATA_VERSION,
                        signer.sign(broker.queryHeader(), version),
                        Unpooled.wrappedBuffer(version),
                        timeoutMillis)
                .thenApply(this::unchanged);
    }

    private boolean unchanged(RemotingCommand response) {
        try {
            // A name server that does not serve 322 (or refuses it) answers, so it is up: the
            // whole table is the safe answer, as it was before the question existed.
            return response.code() == ResponseCode.SUCCESS
                    && !QueryDataVersionResponseHeader.decode(response.extFields()).changed();
        } finally {
            response.release();
        }
    }
}
