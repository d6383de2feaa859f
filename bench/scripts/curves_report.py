#!/usr/bin/env python3
"""Tables (Markdown, stdout) and plots (one PNG per curve) of bench/run-curves.sh's points.

usage: curves_report.py RESULTS_DIR PNG_DIR
Reads RESULTS_DIR/c<curve>-<impl>-<x>.properties and disk.properties; writes PNG_DIR/curve-<n>.png.
"""
import glob
import os
import re
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

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


def points(results, curve):
    found = {}
    for path in glob.glob(os.path.join(results, "c%d-*.properties" % curve)):
        match = re.match(r"c\d+-(\w+)-(\d+)\.properties$", os.path.basename(path))
        if match:
            found.setdefault(int(match.group(2)), {})[match.group(1)] = load(path)
    return found


def num(v, key, scale=1.0):
    value = v.get(key)
    return value * scale if isinstance(value, float) else None


def mib(v, key):
    return num(v, key, 1 / 1024)


def per_unit(v, key, base_key, count, scale):
    end, base = num(v, key), num(v, base_key)
    if end is None or base is None or not count:
        return None
    return (end - base) * scale / count


# Columns common to every curve: (heading, function of (point values, x), format).
COMMON = [
    ("msg/s", lambda v, x: num(v, "produce.tps"), "{:,.0f}"),
    ("send p99 (ms)", lambda v, x: num(v, "produce.send.p99_us", 1e-3), "{:.1f}"),
    ("broker CPU/msg (µs)", lambda v, x: num(v, "broker_cpu_us_per_msg"), "{:.1f}"),
    ("broker VmRSS (MiB)", lambda v, x: mib(v, "broker.VmRSS_kb_end"), "{:,.0f}"),
    ("RssAnon (MiB)", lambda v, x: mib(v, "broker.RssAnon_kb_end"), "{:,.0f}"),
    ("RssFile (MiB)", lambda v, x: mib(v, "broker.RssFile_kb_end"), "{:,.0f}"),
    ("name-server CPU (ms/s)", lambda v, x: num(v, "namesrv_cpu_us_per_s", 1e-3), "{:.1f}"),
]
LOAD = [("host load (1 min)", lambda v, x: num(v, "host_load1"), "{:.1f}")]

CURVES = {
    1: ("Topics (8 queues each), 8 producer threads sending over all of them", "topics", COMMON + [
        ("creation (s)", lambda v, x: num(v, "reg.create_ms", 1e-3), "{:.1f}"),
        ("last routable after (ms)", lambda v, x: num(v, "reg.last_routable_after_ms"), "{:,.0f}"),
        ("registration bytes in settle window", lambda v, x: num(v, "reg.reg_bytes_settle_window"),
         "{:,.0f}"),
        ("name-server CPU, creation + settle (s)",
         lambda v, x: num(v, "reg.cpu_total_namesrv_ms", 1e-3), "{:.1f}"),
        ("route query p99 (ms)", lambda v, x: num(v, "route.p99_us", 1e-3), "{:.2f}"),
        ("broker+NS RSS per topic (KiB)",
         lambda v, x: per_unit_sum(v, x), "{:.1f}"),
    ] + LOAD),
    2: ("Client instances (mostly idle) + 8 busy threads at 1,000 msg/s", "client instances",
        COMMON + [
            ("start of idle clients (s)", lambda v, x: num(v, "idle_start_ms", 1e-3), "{:.1f}"),
            ("broker RSS per instance (KiB)",
             lambda v, x: per_unit(v, "broker.VmRSS_kb_idle", "broker.VmRSS_kb_start", x, 1), "{:.1f}"),
        ] + LOAD),
    3: ("Consumer groups on one topic, 200 msg/s sent", "groups", COMMON[:4] + [
        ("delivered / expected", lambda v, x: ratio(v, "delivered", "delivered_expected"), "{:.3f}"),
        ("broker CPU/delivered (µs)", lambda v, x: num(v, "broker_cpu_us_per_delivered"), "{:.1f}"),
        ("  of which JIT compiler (µs)", lambda v, x: num(v, "broker_jit_cpu_us_per_delivered"),
         "{:.1f}"),
        ("pull: stored→arrived p99 (ms)", lambda v, x: num(v, "e2e.arrived.p99_us", 1e-3), "{:.0f}"),
    ] + COMMON[4:] + LOAD),
    4: ("Message size, 8 producer threads unpaced", "bytes", [
        ("MB/s", lambda v, x: mb_s(v, x), "{:,.1f}")] + COMMON + LOAD),
    5: ("Backlog of 4 KiB messages: restart after kill -9 and after a clean stop, drain from disk",
        "MiB written", [
            ("fill MB/s", lambda v, x: fill_mb_s(v), "{:,.1f}"),
            ("ready after kill -9 (s)", lambda v, x: num(v, "restart_kill9_ms", 1e-3), "{:.1f}"),
            ("ready after clean stop (s)", lambda v, x: num(v, "restart_clean_ms", 1e-3), "{:.1f}"),
            ("drain MB/s", lambda v, x: num(v, "drain.tps", BACKLOG_SIZE / 1e6), "{:,.1f}"),
            ("drain msg/s", lambda v, x: num(v, "drain.tps"), "{:,.0f}"),
            ("broker CPU/msg drained (µs)", lambda v, x: num(v, "drain.broker_cpu_us_per_msg"),
             "{:.1f}"),
            ("broker VmRSS after (MiB)", lambda v, x: mib(v, "broker.VmRSS_kb_end"), "{:,.0f}"),
            ("RssAnon (MiB)", lambda v, x: mib(v, "broker.RssAnon_kb_end"), "{:,.0f}"),
            ("RssFile (MiB)", lambda v, x: mib(v, "broker.RssFile_kb_end"), "{:,.0f}"),
        ] + LOAD),
    6: ("SYNC_FLUSH, 1 KiB messages", "producer threads", COMMON + LOAD),
}

# Plot panels per curve: column headings of CURVES to draw (x log-scaled).
PANELS = {
    1: ["msg/s", "broker CPU/msg (µs)", "broker VmRSS (MiB)", "route query p99 (ms)", "creation (s)",
        "name-server CPU (ms/s)"],
    2: ["send p99 (ms)", "broker CPU/msg (µs)", "broker VmRSS (MiB)", "broker RSS per instance (KiB)",
        "name-server CPU (ms/s)", "msg/s"],
    3: ["broker CPU/delivered (µs)", "pull: stored→arrived p99 (ms)", "broker VmRSS (MiB)",
        "delivered / expected"],
    4: ["MB/s", "send p99 (ms)", "broker CPU/msg (µs)", "broker VmRSS (MiB)"],
    5: ["ready after kill -9 (s)", "ready after clean stop (s)", "drain MB/s",
        "broker CPU/msg drained (µs)"],
    6: ["msg/s", "send p99 (ms)", "broker CPU/msg (µs)", "broker VmRSS (MiB)"],
}


# The backlog curve's message size (bench/run-curves.sh curve_backlog); the loaders' own MB/s
# figures are whole numbers, too coarse for a loaded host's few MB/s.
BACKLOG_SIZE = 4096


def fill_mb_s(v):
    messages, ms = num(v, "fill.messages"), num(v, "fill.ms")
    return messages * BACKLOG_SIZE / 1e3 / ms if messages is not None and ms else None


def mb_s(v, size):
    tps = num(v, "produce.tps")
    return None if tps is None else tps * size / 1e6


def per_unit_sum(v, x):
    # After creation and the route queries, before any traffic: what the topics themselves hold.
    end = (num(v, "broker.VmRSS_kb_start") or 0) + (num(v, "namesrv.VmRSS_kb_start") or 0)
    before = num(v, "reg.rss_kb_before")
    if before is None or not end:
        return None
    return (end - before) / x


def ratio(v, a, b):
    top, bottom = num(v, a), num(v, b)
    return top / bottom if top is not None and bottom else None


def fmt(value, pattern):
    return "–" if value is None else pattern.format(value)


def table(curve, found):
    title, xname, columns = CURVES[curve]
    lines = ["### %d. %s" % (curve, title), ""]
    common = [c for c in columns if c in COMMON]
    own = [c for c in columns if c not in COMMON]
    own = [c for c in own if c not in LOAD]
    if len(common) > 3 and own:
        lines += rows(found, xname, common + LOAD) + [""]
        lines += rows(found, xname, own)
    else:
        lines += rows(found, xname, columns)
    return "\n".join(lines) + "\n"


def rows(found, xname, columns):
    lines = []
    lines.append("| %s | broker | %s |" % (xname, " | ".join(c[0] for c in columns)))
    lines.append("|---:|---|%s|" % "|".join("---:" for _ in columns))
    for x in sorted(found):
        for impl in IMPLS:
            v = found[x].get(impl)
            if v is None:
                continue
            name = APACHE if impl == "apache" else "Bolide"
            cells = [fmt(f(v, x), p) for _, f, p in columns]
            lines.append("| {:,} | {} | {} |".format(x, name, " | ".join(cells)))
    return lines


def plot(curve, found, disk, out_dir):
    title, xname, columns = CURVES[curve]
    by_name = {c[0]: c[1] for c in columns}
    panels = PANELS[curve]
    cols = 2 if len(panels) <= 4 else 3
    rows = (len(panels) + cols - 1) // cols
    fig, axes = plt.subplots(rows, cols, figsize=(5 * cols, 3.6 * rows), squeeze=False)
    xs = sorted(found)
    for ax, heading in zip(axes.flat, panels):
        for impl, style in (("apache", "o--"), ("bolide", "s-")):
            pts = [(x, by_name[heading](found[x][impl], x)) for x in xs if impl in found[x]]
            pts = [(x, y) for x, y in pts if y is not None]
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], style,
                        label=APACHE if impl == "apache" else "Bolide")
        ceiling(ax, curve, heading, disk)
        ax.set_xscale("log")
        ax.set_xlabel(xname)
        ax.set_title(heading, fontsize=10)
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    for ax in list(axes.flat)[len(panels):]:
        ax.axis("off")
    fig.suptitle("%d. %s" % (curve, title), fontsize=11)
    fig.tight_layout()
    fig.savefig(os.path.join(out_dir, "curve-%d.png" % curve), dpi=80)
    plt.close(fig)


def ceiling(ax, curve, heading, disk):
    if curve == 4 and heading == "MB/s" and "disk_direct_mb_s" in disk:
        ax.axhline(disk["disk_direct_mb_s"], color="gray", linestyle=":", label="disk O_DIRECT (dd)")
    if curve == 6 and heading == "msg/s" and "disk_fdatasync_per_s" in disk:
        ax.axhline(disk["disk_fdatasync_per_s"], color="gray", linestyle=":",
                   label="disk fdatasync/s (dd)")


def main(results, out_dir):
    disk = load(os.path.join(results, "disk.properties"))
    if disk:
        print("Disk ceilings measured in the run (dd): O_DIRECT sequential writes %s MB/s, "
              "4 KiB writes each followed by fdatasync %s/s (host load %s).\n"
              % (fmt(disk.get("disk_direct_mb_s"), "{:,.0f}"),
                 fmt(disk.get("disk_fdatasync_per_s"), "{:,.0f}"),
                 fmt(disk.get("host_load1"), "{:.1f}")))
    for curve in sorted(CURVES):
        found = points(results, curve)
        if not found:
            continue
        print(table(curve, found))
        print("![curve %d](curves/curve-%d.png)\n" % (curve, curve))
        plot(curve, found, disk, out_dir)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
