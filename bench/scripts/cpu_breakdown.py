"""Where Bolide's broker threads spend their CPU, from async-profiler collapsed stacks with thread
names (bench/profile-feature.sh): each sample of a bolide-* thread goes to one category, deepest
first: the kernel (split by the system call it entered), the TLS engine (BoringSSL through
netty-tcnative, or the JDK's SSLEngine), Netty's SSL handler around it, the ACL gate, Bolide's
request handling, the rest.

Usage: cpu_breakdown.py <collapsed> [<collapsed> ...]
"""
import collections
import sys

ENGINE = ("io/netty/internal/tcnative", "OpenSslEngine", "sun/security/ssl", "com/sun/crypto")


def category(frames):
    """The category of the deepest frame that names one: a request handled under the SSL handler's
    unwrap counts as request handling, a socket write under its flush as the kernel's."""
    if frames and frames[-1].endswith("_[k]"):
        for entry in frames:
            if entry.startswith(("__x64_sys_", "__do_sys_")):
                return "kernel: " + entry.split("_sys_", 1)[1].removesuffix("_[k]")
        return "kernel: other"
    for frame in reversed(frames):
        if any(m in frame for m in ENGINE):
            return "TLS engine"
        if "io/netty/handler/ssl/" in frame:
            return "TLS handler (Java)"
        if "io/bolide/broker/auth/" in frame:
            return "ACL gate"
        if "io/bolide/" in frame:
            return "request handling (Bolide)"
    return "other Java and JVM (Netty, JDK)"


def breakdown(path):
    counts = collections.Counter()
    for line in open(path):
        stack, count = line.rsplit(" ", 1)
        frames = stack.split(";")
        if "bolide" in frames[0]:
            counts[category(frames[1:])] += int(count)
    return counts


def main(paths):
    tables = [breakdown(p) for p in paths]
    names = sorted({n for t in tables for n in t}, key=lambda n: -sum(t[n] for t in tables))
    print("| category | " + " | ".join(p.rsplit("/", 1)[-1] for p in paths) + " |")
    print("|---|" + "---|" * len(paths))
    for name in names:
        cells = []
        for t in tables:
            total = sum(t.values()) or 1
            cells.append(f"{t[name]} ({100.0 * t[name] / total:.1f}%)")
        print(f"| {name} | " + " | ".join(cells) + " |")
    print("| all bolide-* threads | " + " | ".join(str(sum(t.values())) for t in tables) + " |")


if __name__ == "__main__":
    main(sys.argv[1:])
