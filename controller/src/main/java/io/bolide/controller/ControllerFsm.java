package io.bolide.controller;

import com.alipay.sofa.jraft.Closure;
import com.alipay.sofa.jraft.Iterator;
import com.alipay.sofa.jraft.Status;
import com.alipay.sofa.jraft.core.StateMachineAdapter;
import com.alipay.sofa.jraft.error.RaftError;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotReader;
import com.alipay.sofa.jraft.storage.snapshot.SnapshotWriter;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * jraft's state machine over {@link ControllerState}: applies committed entries in log order, saves
 * the whole state as one snapshot file and loads it back, and tells the controller when it gains
 * leadership.
 */
final class ControllerFsm extends StateMachineAdapter {
    private static final Logger LOG = LoggerFactory.getLogger(ControllerFsm.class);
    static final String SNAPSHOT_FILE = "controller-state";

    private final ControllerState state;
    private final Runnable onLeaderStart;

    ControllerFsm(ControllerState state, Runnable onLeaderStart) {
        this.state = state;
        this.onLeaderStart = onLeaderStart;
    }

    /** The closure of a proposed entry: learns whether every event still applied. */
    abstract static class Applied implements Closure {
        volatile boolean allApplied;
    }

    @Override
    public void onApply(Iterator iterator) {
        while (iterator.hasNext()) {
            ByteBuffer data = iterator.getData();
            byte[] bytes = new byte[data.remaining()];
            data.get(bytes);
            boolean all = true;
            List<Event> events = EventCodec.decode(bytes);
            for (Event event : events) {
                all &= state.apply(event);
            }
            Closure done = iterator.done();
            if (done instanceof Applied applied) {
                applied.allApplied = all;
                done.run(Status.OK());
            }
            iterator.next();
        }
    }

    @Override
    public void onSnapshotSave(SnapshotWriter writer, Closure done) {
        Path file = Path.of(writer.getPath(), SNAPSHOT_FILE);
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
            state.write(out);
        } catch (IOException e) {
            done.run(new Status(RaftError.EIO, "cannot save controller snapshot: %s", e));
            return;
        }
        if (writer.addFile(SNAPSHOT_FILE)) {
            done.run(Status.OK());
        } else {
            done.run(new Status(RaftError.EIO, "cannot add %s to the snapshot", SNAPSHOT_FILE));
        }
    }

    @Override
    public boolean onSnapshotLoad(SnapshotReader reader) {
        if (reader.getFileMeta(SNAPSHOT_FILE) == null) {
            LOG.error("controller snapshot in {} has no {}", reader.getPath(), SNAPSHOT_FILE);
            return false;
        }
        Path file = Path.of(reader.getPath(), SNAPSHOT_FILE);
        try (DataInputStream in =
                new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            state.readFrom(in);
            return true;
        } catch (IOException e) {
            LOG.error("cannot load controller snapshot {}", file, e);
            return false;
        }
    }

    @Override
    public void onLeaderStart(long term) {
        LOG.info("controller leads, term {}", term);
        onLeaderStart.run();
    }

    @Override
    public void onLeaderStop(Status status) {
        LOG.info("controller no longer leads: {}", status);
    }
}
