"""Share of Bolide's broker CPU spent in one feature, from async-profiler collapsed stacks with
thread names (bench/profile-feature.sh).

Usage: feature_profile.py <acl|metrics|secured> <on.collapsed> <off.collapsed>
Bolide's threads are the ones named bolide-* plus, for metrics, the JDK HTTP server's threads that
serve the endpoint. The JIT compilers, GC and the JVM's other threads are counted apart: they do not
scale with requests once the code is compiled. So is the main thread: it runs the start-up (for
metrics, ~250 samples of class loading when the endpoint opens), which is paid once, not per message.
"""
import collections
import sys

from cpu_breakdown import category

SECURED = ("TLS engine", "TLS handler (Java)", "ACL gate")

# A sample is the feature's when its stack holds one of these frames (or, for threads that exist
# only for the feature, when it runs on such a thread).
FRAMES = {
    "acl": ("io/bolide/broker/auth/",),
    "metrics": ("io/prometheus/", "/metrics/", "sun/net/httpserver/"),
    "secured": ("io/bolide/broker/auth/", "io/netty/handler/ssl/", "tcnative"),
}
THREADS = {"acl": (), "metrics": ("metrics", "HTTP-Dispatcher"), "secured": ()}


def summarize(feature, path):
    own = inside = jit = other = 0
    frames = collections.Counter()
    for line in open(path):
        stack, count = line.rsplit(" ", 1)
        count = int(count)
        thread = stack.split(";", 1)[0]
        if thread.startswith("[main "):
            other += count
            continue
        feature_thread = any(name in thread for name in THREADS[feature])
        if "bolide" in thread or feature_thread:
            own += count
            if feature == "secured":
                # The SSL handler's unwrap sits under every request it decrypts: count only the
                # samples whose deepest named frame is TLS's or the ACL gate's (cpu_breakdown.py).
                kind = category(stack.split(";")[1:])
                if kind in SECURED:
                    inside += count
                    frames[kind] += count
                continue
            hits = [f for f in stack.split(";") if any(m in f for m in FRAMES[feature])]
            if hits or feature_thread:
                inside += count
                frames[(hits[-1] if hits else stack.split(";")[-1]).split("/")[-1]] += count
        elif "CompilerThre" in thread:
            jit += count
        else:
            other += count
    return own, inside, jit, other, frames


def main(feature, on_path, off_path):
    print(f"| run | Bolide threads (samples) | in {feature} | share | JIT compilers | other JVM and main |")
    print("|---|---|---|---|---|---|")
    top = None
    for name, path in ((f"{feature} on", on_path), (f"{feature} off", off_path)):
        own, inside, jit, other, frames = summarize(feature, path)
        share = 100.0 * inside / own if own else 0.0
        print(f"| {name} | {own} | {inside} | {share:.1f}% | {jit} | {other} |")
        if top is None:
            top = frames
    print()
    print(f"Largest frames in {feature} (on): "
          + ", ".join(f"{frame} {count}" for frame, count in top.most_common(6)))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3])
