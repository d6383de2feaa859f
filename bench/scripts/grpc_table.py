#!/usr/bin/env python3
"""Side-by-side Markdown table of bench/run-grpc.sh results (Apache broker + proxy in local mode,
Bolide's own gRPC endpoint) with Bolide/Apache and the issue's targets; argument: the results
directory (bench/target/grpc)."""
import os
import sys


def load(path):
    values = {}
    try:
        with open(path) as f:
            for line in f:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    values[key] = value
    except FileNotFoundError:
        pass
    return values


# (label, key, scale, format, target as (comparison, ratio) or None)
ROWS = [
    ("Produce TPS (sync send, gRPC SDK Producer)", "produce.tps", 1, "{:,.0f}", (">=", 2.0)),
    ("Consume TPS (SimpleConsumer receive + ack)", "consume.tps", 1, "{:,.0f}", (">=", 2.0)),
    ("Send p50 (ms)", "produce.send.p50_us", 1e-3, "{:.2f}", None),
    ("Send p99 (ms)", "produce.send.p99_us", 1e-3, "{:.2f}", ("<=", 0.5)),
    ("Send p99.9 (ms)", "produce.send.p999_us", 1e-3, "{:.2f}", None),
    ("Born → received p50 (ms)", "e2e.p50_us", 1e-3, "{:.0f}", None),
    ("Born → received p99 (ms)", "e2e.p99_us", 1e-3, "{:.0f}", None),
    ("CPU per message, everything on the server side (µs)", "server.cpu_us_per_msg", 1, "{:.1f}",
     ("<=", 0.35)),
    ("  the same per send + receive in the window (µs)", "server.cpu_us_per_op", 1, "{:.1f}",
     ("<=", 0.35)),
    ("  load generator's CPU per message (µs)", "client.cpu_us_per_msg", 1, "{:.1f}", None),
    ("Drain after the window: consume TPS, receivers alone", "drain.tps", 1, "{:,.0f}",
     (">=", 2.0)),
    ("  drained messages", "drain.received", 1, "{:,.0f}", None),
    ("  server CPU per drained message (µs)", "drain.server.cpu_us_per_msg", 1, "{:.1f}",
     ("<=", 0.35)),
    ("Server peak RSS, all processes (MiB)", "server.vmhwm_kb", 1 / 1024, "{:,.0f}", None),
    ("Messages sent in the window", "produce.sent", 1, "{:,.0f}", None),
    ("Send errors", "produce.errors", 1, "{:,.0f}", None),
    ("Receive / ack errors", "consume.errors", 1, "{:,.0f}", None),
    ("Not received at the end (backlog)", "consume.backlog_at_end", 1, "{:,.0f}", None),
]


def number(values, key):
    try:
        return float(values[key])
    except (KeyError, ValueError):
        return None


def main():
    out = sys.argv[1]
    version = os.environ.get("APACHE_VERSION", "5.5.0")
    runs = {impl: load(os.path.join(out, "%s.properties" % impl)) for impl in ("apache", "bolide")}
    print("| | Apache RocketMQ %s broker + proxy (local mode) | Bolide (own gRPC endpoint) "
          "| Bolide / Apache | target |" % version)
    print("|---|---:|---:|---:|---|")
    for label, key, scale, fmt, target in ROWS:
        a = number(runs["apache"], key)
        b = number(runs["bolide"], key)
        cells = [fmt.format(v * scale) if v is not None else "–" for v in (a, b)]
        ratio = "%.2f×" % (b / a) if a and b is not None else "–"
        verdict = ""
        if target:
            op, bound = target
            shown = op.replace(">=", "≥").replace("<=", "≤")
            if a and b is not None:
                met = b / a >= bound if op == ">=" else b / a <= bound
                verdict = "%s %.2f×: %s" % (shown, bound, "met" if met else "**not met**")
            else:
                verdict = "%s %.2f×" % (shown, bound)
        print("| %s | %s | %s | %s | %s |" % (label, cells[0], cells[1], ratio, verdict))
    for impl in ("apache", "bolide"):
        for key in ("produce.first_error", "consume.first_error"):
            error = runs[impl].get(key)
            if error:
                print("\n%s %s: `%s`" % (impl, key, error[:200]))


if __name__ == "__main__":
    main()
