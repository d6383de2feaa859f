"""Share of Bolide's broker CPU inside the ACL gate, from async-profiler collapsed stacks with
thread names (bench/profile-acl.sh).

Usage: acl_profile.py <acl-on.collapsed> <acl-off.collapsed>
Bolide's own threads are the ones named bolide-*; the JIT compilers, GC and the JVM's other threads
are counted apart, as they do not scale with requests once the code is compiled.
"""
import collections
import sys

GATE = "io/bolide/broker/auth/"


def summarize(path):
    own = gate = jit = other = 0
    frames = collections.Counter()
    for line in open(path):
        stack, count = line.rsplit(" ", 1)
        count = int(count)
        thread = stack.split(";", 1)[0]
        if "bolide" in thread:
            own += count
            if GATE in stack:
                gate += count
                inside = [f for f in stack.split(";") if GATE in f]
                frames[inside[-1].split("/")[-1]] += count
        elif "CompilerThre" in thread:
            jit += count
        else:
            other += count
    return own, gate, jit, other, frames


def main(on_path, off_path):
    print("| run | Bolide threads (samples) | inside the ACL gate | share | JIT compilers | other JVM |")
    print("|---|---|---|---|---|---|")
    top = None
    for name, path in (("ACL on", on_path), ("ACL off", off_path)):
        own, gate, jit, other, frames = summarize(path)
        share = 100.0 * gate / own if own else 0.0
        print(f"| {name} | {own} | {gate} | {share:.1f}% | {jit} | {other} |")
        if top is None:
            top = frames
    print()
    print("Largest frames inside the gate (ACL on): "
          + ", ".join(f"{frame} {count}" for frame, count in top.most_common(6)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
