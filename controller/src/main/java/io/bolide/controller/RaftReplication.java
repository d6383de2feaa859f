package io.bolide.controller;

import com.alipay.sofa.jraft.Node;
import com.alipay.sofa.jraft.RaftGroupService;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.conf.Configuration;
import com.alipay.sofa.jraft.entity.PeerId;
import com.alipay.sofa.jraft.entity.Task;
import com.alipay.sofa.jraft.option.NodeOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** {@link Replication} through a SOFAJRaft node: one raft log entry per decided request. */
final class RaftReplication implements Replication {
    private final RaftGroupService service;
    private final Node node;

    private RaftReplication(RaftGroupService service, Node node) {
        this.service = service;
        this.node = node;
    }

    /** Starts this controller's raft node (and its raft port) over {@code fsm}. */
    static RaftReplication start(ControllerConfig config, ControllerFsm fsm) {
        PeerId self = PeerId.parsePeer(config.serverId());
        Configuration peers = new Configuration();
        if (!peers.parse(String.join(",", config.peers()))) {
            throw new IllegalArgumentException("cannot parse jRaftInitConf " + config.peers());
        }
        Path store = config.storePath();
        try {
            Files.createDirectories(store);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create controllerStorePath " + store, e);
        }
        NodeOptions options = new NodeOptions();
        options.setElectionTimeoutMs(config.electionTimeoutMs());
        options.setSnapshotIntervalSecs(config.snapshotIntervalSecs());
        options.setInitialConf(peers);
        options.setFsm(fsm);
        options.setLogUri(store.resolve("log").toString());
        options.setRaftMetaUri(store.resolve("raft_meta").toString());
        options.setSnapshotUri(store.resolve("snapshot").toString());
        RaftGroupService service = new RaftGroupService(config.groupId(), self, options);
        return new RaftReplication(service, service.start());
    }

    /** Changes jRaftElectionTimeoutMs of this node while it runs. */
    void electionTimeoutMs(int millis) {
        node.resetElectionTimeoutMs(millis);
    }

    @Override
    public boolean isLeader() {
        return node.isLeader();
    }

    @Override
    public String leaderId() {
        PeerId leader = node.getLeaderId();
        return leader == null || leader.isEmpty() ? "" : leader.toString();
    }

    @Override
    public CompletableFuture<Boolean> propose(List<Event> events) {
        CompletableFuture<Boolean> applied = new CompletableFuture<>();
        ControllerFsm.Applied done =
                new ControllerFsm.Applied() {
                    @Override
                    public void run(Status status) {
                        if (status.isOk()) {
                            applied.complete(allApplied);
                        } else {
                            applied.completeExceptionally(
                                    new IllegalStateException("raft: " + status));
                        }
                    }
                };
        node.apply(new Task(ByteBuffer.wrap(EventCodec.encode(events)), done));
        return applied;
    }

    /** Snapshots now (tests; production relies on jRaftSnapshotIntervalSecs). */
    CompletableFuture<Void> snapshot() {
        CompletableFuture<Void> saved = new CompletableFuture<>();
        node.snapshot(
                status -> {
                    if (status.isOk()) {
                        saved.complete(null);
                    } else {
                        saved.completeExceptionally(new IllegalStateException(status.toString()));
                    }
                });
        return saved;
    }

    @Override
    public void close() {
        service.shutdown();
        try {
            service.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
