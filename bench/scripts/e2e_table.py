#!/usr/bin/env python3
"""Side-by-side Markdown table of two E2eLoad result files (Apache, Bolide) with Bolide/Apache."""
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


ROWS = [
    ("Produce TPS (sync send)", "produce.tps", 1, "{:,.0f}"),
    ("Send latency p50 (ms)", "produce.send.p50_us", 1e-3, "{:.2f}"),
    ("Send latency p99 (ms)", "produce.send.p99_us", 1e-3, "{:.2f}"),
    ("Send latency p99.9 (ms)", "produce.send.p999_us", 1e-3, "{:.2f}"),
    ("End-to-end latency p50 (ms)", "e2e.p50_us", 1e-3, "{:.0f}"),
    ("End-to-end latency p99 (ms)", "e2e.p99_us", 1e-3, "{:.0f}"),
    ("End-to-end latency p99.9 (ms)", "e2e.p999_us", 1e-3, "{:.0f}"),
    ("  born → stored p99 (ms)", "e2e.stored.p99_us", 1e-3, "{:.0f}"),
    ("  stored → arrived in client p99 (ms)", "e2e.arrived.p99_us", 1e-3, "{:.0f}"),
    ("  arrived → delivered to listener p99 (ms)", "e2e.delivered.p99_us", 1e-3, "{:.0f}"),
    ("  messages per pull response (client batch 32)", "e2e.messages_per_pull_x10", 0.1, "{:.1f}"),
    ("  load generator's GC pauses in the window, max (ms)", "client.gc.max_ms", 1, "{:.0f}"),
    ("  load generator's GC pauses in the window, total (ms)", "client.gc.total_ms", 1, "{:.0f}"),
    ("Broker CPU per message, live phase (µs)", "produce.broker_cpu_us_per_msg", 1, "{:.1f}"),
    ("  of which the server JVMs' JIT compiler threads (µs)", "produce.broker_jit_cpu_us_per_msg", 1, "{:.1f}"),
    ("  load generator's CPU per message, live phase (µs)", "produce.client_cpu_us_per_msg", 1, "{:.1f}"),
    ("Consume TPS (backlog, push consumer)", "consume.tps", 1, "{:,.0f}"),
    ("Broker CPU per consumed message (µs)", "consume.broker_cpu_us_per_msg", 1, "{:.1f}"),
    ("  of which the broker process alone (µs)", "consume.broker_only_cpu_us_per_msg", 1, "{:.1f}"),
    ("Broker peak RSS, VmHWM (MiB)", "broker.vmhwm_kb", 1 / 1024, "{:,.0f}"),
    ("Name server + broker peak RSS (MiB)", "server.vmhwm_kb", 1 / 1024, "{:,.0f}"),
    ("Broker anonymous RSS at end (MiB)", "broker.rss_anon_kb", 1 / 1024, "{:,.0f}"),
    ("Broker file-backed RSS at end (MiB)", "broker.rss_file_kb", 1 / 1024, "{:,.0f}"),
    ("Start-up to first send, from first launch (ms)", "startup_ms", 1, "{:,.0f}"),
    ("Start-up to first send, from broker launch (ms)", "startup_broker_ms", 1, "{:,.0f}"),
    ("Messages sent in live window", "produce.sent", 1, "{:,.0f}"),
    ("Send errors", "produce.errors", 1, "{:,.0f}"),
    ("Backlog messages / received", None, None, None),
]


def number(values, key, scale):
    try:
        return float(values[key]) * scale
    except (KeyError, ValueError):
        return None


# Issue #17's targets for POP consumption: (label, key, bound, at least?)
POP_TARGETS = [
    ("consume throughput", "consume.tps", 2.0, True),
    ("broker CPU per consumed message", "consume.broker_cpu_us_per_msg", 0.35, False),
]


def pop_targets(apache, bolide):
    print("\nTargets (issue #17, POP consumption, Bolide / Apache):")
    for label, key, bound, at_least in POP_TARGETS:
        a, b = number(apache, key, 1), number(bolide, key, 1)
        if not a or b is None:
            print(f"- {label}: no figure")
            continue
        ratio = b / a
        met = ratio >= bound if at_least else ratio <= bound
        sign = "≥" if at_least else "≤"
        print(f"- {label} {sign} {bound}×: {ratio:.2f}× — {'met' if met else 'NOT met'}")


def main():
    apache, bolide = load(sys.argv[1]), load(sys.argv[2])
    pop = os.environ.get("CONSUME_MODE", "PULL") == "POP"
    print(f"| Metric | Apache RocketMQ {os.environ.get('APACHE_VERSION', '5.5.0')} | Bolide | Bolide / Apache |")
    print("|---|---:|---:|---:|")
    for name, key, scale, fmt in ROWS:
        if pop and key is not None and (key.startswith("consume.") or key.startswith("e2e")):
            name += " [POP]"
        if key is None:
            cells = [v.get("backlog.messages", "-") + " / " + v.get("consume.received", "-")
                     for v in (apache, bolide)]
            print(f"| {name} | {cells[0]} | {cells[1]} | |")
            continue
        a, b = number(apache, key, scale), number(bolide, key, scale)
        ratio = f"{b / a:.2f}×" if a and b is not None else "-"
        print(f"| {name} | {fmt.format(a) if a is not None else '-'} "
              f"| {fmt.format(b) if b is not None else '-'} | {ratio} |")
    if pop:
        pop_targets(apache, bolide)
    for label, values in (("Apache", apache), ("Bolide", bolide)):
        if "produce.first_error" in values:
            print(f"\n{label} first send error: `{values['produce.first_error']}`")


if __name__ == "__main__":
    main()
