#!/usr/bin/env python3
"""Where Bolide's broker CPU goes in a POP run, from async-profiler collapsed stacks with thread
names (bench/profile-pop.sh).

Usage: pop_profile.py <collapsed>
Each sample on Bolide's threads (bolide-*) goes to the first request path its stack holds: POP_MESSAGE,
the acknowledgements, the pop agent (pop log writes, revive), sends (the fill and live producers),
other handlers; samples with none of them are the network threads' own work (socket reads and
writes, framing). The JIT compilers, GC and the rest of the JVM are counted apart, and so is the main
thread (start-up). Inside POP_MESSAGE and the acknowledgements, the largest leaf frames follow.
"""
import collections
import sys

PATHS = [
    ("POP_MESSAGE (pop/PopMessageHandler, PopHold)", ("pop/PopMessageHandler", "pop/PopHold")),
    ("ACK_MESSAGE / BATCH_ACK (pop/*AckMessageHandler)", ("pop/AckMessageHandler", "pop/BatchAckMessageHandler")),
    ("pop agent: pop log writes, revive (pop/PopAgent)", ("pop/PopAgent",)),
    ("other POP codes (pop/*)", ("io/bolide/broker/pop/",)),
    ("sends (broker/send, append)", ("io/bolide/broker/send/", "io/bolide/broker/append/")),
    ("other broker handlers and duties", ("io/bolide/broker/",)),
    ("store (outside a handler: flush, index)", ("io/bolide/store/",)),
]


def leaf(stack):
    frames = stack.split(";")
    for frame in reversed(frames):
        if frame.startswith("io/bolide/"):
            return frame.split("/")[-1]
    return frames[-1].split("/")[-1]


def main(path):
    paths = collections.Counter()
    leaves = collections.defaultdict(collections.Counter)
    own = jit = gc = other = 0
    for line in open(path):
        stack, count = line.rsplit(" ", 1)
        count = int(count)
        thread = stack.split(";", 1)[0]
        if "bolide" in thread and not thread.startswith("[main "):
            own += count
            name = next((n for n, marks in PATHS if any(m in stack for m in marks)),
                        "network threads' own work (netty: sockets, framing)")
            paths[name] += count
            leaves[name][leaf(stack)] += count
        elif "CompilerThre" in thread:
            jit += count
        elif "GC" in thread or "G1" in thread:
            gc += count
        else:
            other += count
    total = own + jit + gc + other
    print(f"Samples (1 ms of CPU each): {total}; Bolide's threads {own}, JIT compilers {jit}, "
          f"GC {gc}, other JVM threads and main {other}.\n")
    print("| path on Bolide's threads | samples | share |")
    print("|---|---:|---:|")
    for name, count in paths.most_common():
        print(f"| {name} | {count} | {100.0 * count / own:.1f}% |")
    for name in (PATHS[0][0], PATHS[1][0], PATHS[2][0]):
        top = leaves[name].most_common(8)
        if top:
            print(f"\nLargest frames in {name}: " + ", ".join(f"{f} {c}" for f, c in top))


if __name__ == "__main__":
    main(sys.argv[1])
