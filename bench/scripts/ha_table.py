#!/usr/bin/env python3
"""Side-by-side Markdown table of bench/run-ha.sh results (Apache, Bolide) with Bolide/Apache and
the issue's targets; argument: the results directory (bench/target/ha)."""
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


# (label, phase file, key, scale, format, target as (comparison, ratio) or None)
ROWS = [
    ("SYNC_MASTER produce TPS (64 threads, 1 KiB)", "sync", "produce.tps", 1, "{:,.0f}", (">=", 2.0)),
    ("SYNC_MASTER send p50 (ms)", "sync", "produce.send.p50_us", 1e-3, "{:.2f}", None),
    ("SYNC_MASTER send p99 (ms)", "sync", "produce.send.p99_us", 1e-3, "{:.2f}", ("<=", 0.5)),
    ("SYNC_MASTER CPU per message, master + name server + slave (µs)", "sync",
     "produce.broker_cpu_us_per_msg", 1, "{:.1f}", ("<=", 0.35)),
    ("SYNC_MASTER sends not SEND_OK", "sync", "produce.errors", 1, "{:,.0f}", None),
    ("ASYNC_MASTER produce TPS", "async", "produce.tps", 1, "{:,.0f}", None),
    ("ASYNC_MASTER CPU per message, pair (µs)", "async", "produce.broker_cpu_us_per_msg", 1, "{:.1f}", None),
    ("ASYNC_MASTER lag p50 (KiB)", "async", "lag.bytes_p50", 1 / 1024, "{:,.1f}", None),
    ("ASYNC_MASTER lag p99 (KiB)", "async", "lag.bytes_p99", 1 / 1024, "{:,.1f}", None),
    ("ASYNC_MASTER lag max (KiB)", "async", "lag.bytes_max", 1 / 1024, "{:,.1f}", None),
    ("ASYNC_MASTER lag p50 (ms behind)", "async", "lag.ms_p50", 1, "{:.0f}", None),
    ("ASYNC_MASTER lag p99 (ms behind)", "async", "lag.ms_p99", 1, "{:.0f}", None),
    ("ASYNC_MASTER lag max (ms behind)", "async", "lag.ms_max", 1, "{:.0f}", None),
    ("  lag p50 at the mean write rate (ms)", "async", "lag.est_us_p50", 1e-3, "{:.2f}", None),
    ("  lag p99 at the mean write rate (ms)", "async", "lag.est_us_p99", 1e-3, "{:.2f}", None),
    ("Catch-up of a slave behind (MB/s)", "catchup", "catchup.mb_s", 1, "{:,.0f}", None),
    ("  bytes behind (MB)", "catchup", "catchup.bytes", 1e-6, "{:,.0f}", None),
    ("  catch-up time (s)", "catchup", "catchup.ms", 1e-3, "{:.1f}", None),
    ("  fill rate while the slave was away (MB/s)", "catchup", "fill.mb_s", 1, "{:,.0f}", None),
]


def number(values, key):
    try:
        return float(values[key])
    except (KeyError, ValueError):
        return None


def main():
    out = sys.argv[1]
    version = os.environ.get("APACHE_VERSION", "5.5.0")
    runs = {impl: {phase: load(os.path.join(out, "%s-%s.properties" % (impl, phase)))
                   for phase in ("sync", "async", "catchup")}
            for impl in ("apache", "bolide")}
    print("| | Apache RocketMQ %s | Bolide | Bolide / Apache | target |" % version)
    print("|---|---:|---:|---:|---|")
    for label, phase, key, scale, fmt, target in ROWS:
        a = number(runs["apache"][phase], key)
        b = number(runs["bolide"][phase], key)
        cells = [fmt.format(v * scale) if v is not None else "–" for v in (a, b)]
        ratio = "%.2f×" % (b / a) if a and b is not None else "–"
        verdict = ""
        if target:
            op, bound = target
            if a and b is not None:
                met = b / a >= bound if op == ">=" else b / a <= bound
                verdict = "%s %.2f×: %s" % (op.replace(">=", "≥").replace("<=", "≤"), bound,
                                            "met" if met else "**not met**")
            else:
                verdict = "%s %.2f×" % (op, bound)
        print("| %s | %s | %s | %s | %s |" % (label, cells[0], cells[1], ratio, verdict))
    for impl in ("apache", "bolide"):
        error = runs[impl]["sync"].get("produce.first_error")
        if error:
            print("\n%s first SYNC_MASTER error: `%s`" % (impl, error[:200]))


if __name__ == "__main__":
    main()
