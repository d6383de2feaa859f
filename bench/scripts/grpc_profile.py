#!/usr/bin/env python3
"""Where Bolide's CPU goes serving the gRPC SDK (bench/profile-grpc.sh), from async-profiler
collapsed stacks with thread names.

Usage: grpc_profile.py <collapsed>
Samples on the server's threads are split by the first path their stack holds (the gRPC send
adapter and its remoting bridge, the send handler and append, receive / POP, acks, gRPC's own
framing and protobuf, Netty's socket work); the JIT compilers, GC and the rest of the JVM are
counted apart, and so is the main thread (start-up). The largest leaf frames of each path follow.
"""
import collections
import sys

PATHS = [
    ("receive: POP over gRPC (grpc/Receiver, pop/*)", ("broker/grpc/Receiver", "broker/grpc/ReceiveWaiters",
                                                      "broker/grpc/MessageViews", "io/bolide/broker/pop/PopEngine")),
    ("ack (grpc/Acks)", ("broker/grpc/Acks",)),
    ("send handler and append (broker/send, broker/append)", ("io/bolide/broker/send/", "io/bolide/broker/append/")),
    ("gRPC send adapter + remoting bridge (grpc/Sender, LocalCalls)", ("broker/grpc/Sender",
                                                                       "io/bolide/remoting/LocalCalls")),
    ("other Bolide code (broker, remoting dispatch, store)", ("io/bolide/",)),
    ("gRPC and protobuf (calls, HTTP/2, (de)serialization)", ("io/grpc/", "com/google/protobuf/")),
]


def leaf(stack):
    frames = stack.split(";")
    for frame in reversed(frames):
        if frame.startswith(("io/bolide/", "io/grpc/", "com/google/protobuf/")):
            return frame.split("/")[-1]
    return frames[-1].split("/")[-1]


def main(path):
    paths = collections.Counter()
    leaves = collections.defaultdict(collections.Counter)
    threads = collections.Counter()
    own = jit = gc = other = 0
    for line in open(path):
        stack, count = line.rsplit(" ", 1)
        count = int(count)
        thread = stack.split(";", 1)[0]
        if "CompilerThre" in thread:
            jit += count
        elif "GC" in thread or "G1" in thread:
            gc += count
        elif thread.startswith("[main ") or "bolide" not in thread and "grpc" not in thread:
            other += count
        else:
            own += count
            threads[thread.strip("[]").rsplit(" ", 1)[0].rstrip("0123456789-")] += count
            name = next((n for n, marks in PATHS if any(m in stack for m in marks)),
                        "Netty's own work (sockets, event loops)")
            paths[name] += count
            leaves[name][leaf(stack)] += count
    total = own + jit + gc + other
    print(f"Samples (1 ms of CPU each): {total}; the server's threads {own}, JIT compilers {jit}, "
          f"GC {gc}, other JVM threads and main {other}.\n")
    print("| path on the server's threads | samples | share |")
    print("|---|---:|---:|")
    for name, count in paths.most_common():
        print(f"| {name} | {count} | {100.0 * count / max(1, own):.1f}% |")
    print("\nBy thread: " + ", ".join(f"{t} {c}" for t, c in threads.most_common(10)))
    for name, _ in paths.most_common():
        top = leaves[name].most_common(8)
        print(f"\nLargest frames in {name}: " + ", ".join(f"{f} {c}" for f, c in top))


if __name__ == "__main__":
    main(sys.argv[1])
