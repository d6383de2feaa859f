#!/usr/bin/env python3
"""Side-by-side table (Markdown, stdout) and plot of bench/run-lite.sh's results.

usage: lite_table.py RESULTS_DIR N [N ...]
Reads RESULTS_DIR/<impl>-<N>-load.properties and <impl>-<N>-restart.properties; with PLOT=1 also
writes docs/curves/lite.png (PLOT_FILE overrides the path).
"""
import os
import sys

IMPLS = ("apache", "bolide")
APACHE = "Apache " + os.environ.get("APACHE_VERSION", "5.5.0")


def load(path):
    values = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    try:
                        values[key] = float(value)
                    except ValueError:
                        values[key] = value
    return values


def figures(run, restart, n):
    """Per-N figures of one implementation; None where the run did not get that far."""

    def get(key):
        value = run.get(key)
        return value if isinstance(value, float) else None

    def per_topic(after, before):
        a, b = get(after), get(before)
        return None if a is None or b is None else (a - b) * 1024 / n

    received = get("received")
    return {
        "sends/s": get("send_per_s"),
        "send CPU µs/msg": _div(get("send_cpu_us_per_item_x100"), 100),
        "failed sends": get("send_failed"),
        "subscription sync s (all)": _div(get("subscribe_ms"), 1000),
        "RSS bytes per subscription": per_topic("rss_kb_after_subscribe", "rss_kb_before"),
        "RSS bytes per lite topic": per_topic("rss_kb_after_send", "rss_kb_after_subscribe"),
        "anonymous RSS bytes per lite topic": per_topic(
            "rss_anon_kb_after_send", "rss_anon_kb_after_subscribe"
        ),
        "received of N": received,
        "receive msgs/s (pop + ack)": get("receive_per_s") if received else None,
        "receive CPU µs/msg": _div(get("receive_cpu_us_per_item_x100"), 100)
        if received
        else None,
        "store on disk MiB (commit log included)": _div(get("store_bytes"), 1 << 20),
        "consume-queue bytes on disk per lite topic": _div(get("consumequeue_bytes"), n),
        "restart s (to port)": _div(_num(restart.get("port_ms")), 1000),
        "restart s (to lite answers)": _div(
            _sum(_num(restart.get("port_ms")), _num(restart.get("probe_ms"))), 1000
        ),
        "RSS after restart MiB": _div(_num(restart.get("rss_kb_after_restart")), 1024),
    }


def _num(value):
    return value if isinstance(value, float) else None


def _div(a, b):
    return None if a is None else a / b


def _sum(a, b):
    return None if a is None or b is None else a + b


def fmt(value):
    if value is None:
        return "–"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}"


def ratio(bolide, apache):
    if bolide is None or apache is None or apache == 0:
        return "–"
    return f"{bolide / apache:.2f}×"


def table(results_dir, counts):
    rows = {}
    print(f"| lite topics | figure | {APACHE} | Bolide | Bolide / Apache |")
    print("|---:|---|---:|---:|---:|")
    for n in counts:
        per_impl = {}
        for impl in IMPLS:
            run = load(os.path.join(results_dir, f"{impl}-{n}-load.properties"))
            restart = load(os.path.join(results_dir, f"{impl}-{n}-restart.properties"))
            per_impl[impl] = figures(run, restart, n)
        for name in per_impl["bolide"]:
            a, b = per_impl["apache"][name], per_impl["bolide"][name]
            print(f"| {n:,} | {name} | {fmt(a)} | {fmt(b)} | {ratio(b, a)} |")
        rows[n] = per_impl
    return rows


def plot(rows, path):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    panels = (
        "RSS bytes per lite topic",
        "send CPU µs/msg",
        "receive CPU µs/msg",
        "restart s (to lite answers)",
    )
    counts = sorted(rows)
    fig, axes = plt.subplots(1, len(panels), figsize=(4 * len(panels), 3.4))
    for ax, name in zip(axes, panels):
        for impl, label in (("apache", APACHE), ("bolide", "Bolide")):
            xs = [n for n in counts if rows[n][impl][name] is not None]
            ax.plot(xs, [rows[n][impl][name] for n in xs], marker="o", label=label)
        ax.set_xscale("log")
        ax.set_title(name, fontsize=9)
        ax.set_xlabel("lite topics under one parent")
        ax.grid(True, alpha=0.3)
    axes[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main():
    results_dir, counts = sys.argv[1], [int(n) for n in sys.argv[2:]]
    rows = table(results_dir, counts)
    if os.environ.get("PLOT") == "1":
        plot(rows, os.environ.get("PLOT_FILE", "docs/curves/lite.png"))


if __name__ == "__main__":
    main()
