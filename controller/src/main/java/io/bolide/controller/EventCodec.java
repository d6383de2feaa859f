package io.bolide.controller;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The raft log entry of a batch of events: a version byte, a count, then per event a tag and its
 * fields in a fixed order. Binary rather than JSON so that an entry is small and its decoding
 * cannot depend on a mapper's settings; the version byte lets a later release read old logs.
 */
final class EventCodec {
    private static final int VERSION = 1;
    private static final int APPLY_ID = 1;
    private static final int ADDRESS = 2;
    private static final int ELECT = 3;
    private static final int ALTER = 4;
    private static final int CLEAN = 5;

    private EventCodec() {}

    static byte[] encode(List<Event> events) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(64);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeInt(events.size());
            for (Event event : events) {
                write(event, out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    static List<Event> decode(byte[] entry) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(entry))) {
            int version = in.readUnsignedByte();
            if (version != VERSION) {
                throw new IllegalStateException("controller log entry of version " + version);
            }
            int count = in.readInt();
            List<Event> events = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                events.add(read(in));
            }
            return events;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void write(Event event, DataOutput out) throws IOException {
        if (event instanceof Event.ApplyBrokerId e) {
            out.writeByte(APPLY_ID);
            out.writeUTF(e.cluster());
            out.writeUTF(e.brokerName());
            out.writeLong(e.brokerId());
            writeNullable(e.checkCode(), out);
        } else if (event instanceof Event.UpdateAddress e) {
            out.writeByte(ADDRESS);
            out.writeUTF(e.cluster());
            out.writeUTF(e.brokerName());
            out.writeLong(e.brokerId());
            out.writeUTF(e.address());
        } else if (event instanceof Event.ElectMaster e) {
            out.writeByte(ELECT);
            out.writeUTF(e.brokerName());
            out.writeLong(e.newMaster() == null ? -1 : e.newMaster());
            out.writeInt(e.expectedMasterEpoch());
        } else if (event instanceof Event.AlterSyncStateSet e) {
            out.writeByte(ALTER);
            out.writeUTF(e.brokerName());
            writeIds(e.syncStateSet(), out);
            out.writeInt(e.expectedSyncStateSetEpoch());
        } else if (event instanceof Event.CleanBrokerData e) {
            out.writeByte(CLEAN);
            out.writeUTF(e.brokerName());
            writeIds(e.brokerIds(), out);
        } else {
            throw new IllegalArgumentException("unknown event " + event);
        }
    }

    private static Event read(DataInput in) throws IOException {
        int tag = in.readUnsignedByte();
        return switch (tag) {
            case APPLY_ID ->
                    new Event.ApplyBrokerId(
                            in.readUTF(), in.readUTF(), in.readLong(), readNullable(in));
            case ADDRESS ->
                    new Event.UpdateAddress(
                            in.readUTF(), in.readUTF(), in.readLong(), in.readUTF());
            case ELECT -> {
                String name = in.readUTF();
                long master = in.readLong();
                yield new Event.ElectMaster(name, master < 0 ? null : master, in.readInt());
            }
            case ALTER -> new Event.AlterSyncStateSet(in.readUTF(), readIds(in), in.readInt());
            case CLEAN -> new Event.CleanBrokerData(in.readUTF(), readIds(in));
            default -> throw new IllegalStateException("unknown controller event tag " + tag);
        };
    }

    static void writeNullable(String value, DataOutput out) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeUTF(value);
        }
    }

    static String readNullable(DataInput in) throws IOException {
        return in.readBoolean() ? in.readUTF() : null;
    }

    static void writeIds(Set<Long> ids, DataOutput out) throws IOException {
        out.writeInt(ids.size());
        for (long id : ids) {
            out.writeLong(id);
        }
    }

    static Set<Long> readIds(DataInput in) throws IOException {
        int size = in.readInt();
        Set<Long> ids = new HashSet<>();
        for (int i = 0; i < size; i++) {
            ids.add(in.readLong());
        }
        return ids;
    }
}
