package io.bolide.broker.grpc;

import io.bolide.broker.transaction.CheckSender;
import io.bolide.grpc.v2.RecoverOrphanedTransactionCommand;
import io.bolide.grpc.v2.TelemetryCommand;
import io.bolide.protocol.header.CheckTransactionStateRequestHeader;
import io.bolide.protocol.message.StoredMessageFlyweight;
import io.grpc.stub.StreamObserver;
import io.netty.buffer.ByteBuf;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The gRPC producers connected now, by producer group (each topic a producer publishes to, as
 * {@link SendProperties#producerGroup} names it), reached over their telemetry streams: a
 * transaction check becomes a RecoverOrphanedTransactionCommand, and the producer answers with
 * EndTransaction (source SERVER_CHECK).
 */
final class GrpcProducers implements CheckSender {
    private static final Logger LOG = LoggerFactory.getLogger(GrpcProducers.class);

    private final Map<String, Set<Stream>> byGroup = new ConcurrentHashMap<>();

    /** One telemetry stream; writes to it are serialized (a stream observer is not thread-safe). */
    static final class Stream {
        private final StreamObserver<TelemetryCommand> out;

        Stream(StreamObserver<TelemetryCommand> out) {
            this.out = out;
        }

        synchronized void write(TelemetryCommand command) {
            out.onNext(command);
        }

        synchronized void complete() {
            out.onCompleted();
        }
    }

    void add(String topic, Stream stream) {
        byGroup.computeIfAbsent(
                        SendProperties.producerGroup(topic), g -> ConcurrentHashMap.newKeySet())
                .add(stream);
    }

    void remove(Stream stream) {
        for (Set<Stream> streams : byGroup.values()) {
            streams.remove(stream);
        }
    }

    @Override
    public boolean reachable(String producerGroup) {
        Set<Stream> streams = byGroup.get(producerGroup);
        return streams != null && !streams.isEmpty();
    }

    @Override
    public boolean send(
            String producerGroup, CheckTransactionStateRequestHeader header, ByteBuf body) {
        try {
            Set<Stream> streams = byGroup.get(producerGroup);
            Stream stream = streams == null ? null : streams.stream().findAny().orElse(null);
            if (stream == null) {
                return false;
            }
            stream.write(command(header, body));
            return true;
        } catch (RuntimeException e) {
            LOG.warn("transaction check of {} not sent", header.offsetMsgId(), e);
            return false;
        } finally {
            body.release();
        }
    }

    private static TelemetryCommand command(
            CheckTransactionStateRequestHeader header, ByteBuf body) {
        StoredMessageFlyweight record = new StoredMessageFlyweight();
        record.wrap(body, body.readerIndex(), body.writerIndex());
        String transactionId =
                TransactionHandle.of(header.offsetMsgId(), header.tranStateTableOffset());
        return TelemetryCommand.newBuilder()
                .setRecoverOrphanedTransactionCommand(
                        RecoverOrphanedTransactionCommand.newBuilder()
                                .setTransactionId(transactionId)
                                .setMessage(MessageViews.of(body, record.topic(), "", 0, 0)))
                .build();
    }
}
