#!/usr/bin/env python3
"""Side-by-side Markdown table of TopicLoad results: per N, Apache, Bolide and Bolide/Apache."""
import os
import sys


def load(path):
    values = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                if "=" in line:
                    key, value = line.rstrip("\n").split("=", 1)
                    values[key] = float(value)
    return values


def growth(values, key):
    if key + "_after" in values and key + "_before" in values:
        return values[key + "_after"] - values[key + "_before"]
    return None


def rows(a, b, n):
    def per_topic(v, key):
        g = growth(v, key)
        return None if g is None else g * 1024 / n
    return [
        ("creation time (s)", a.get("create_ms", 0) / 1000, b.get("create_ms", 0) / 1000, "{:.1f}"),
        ("creation rate (topics/s)", a.get("create_per_s"), b.get("create_per_s"), "{:,.0f}"),
        ("last topic routable after last answer (ms)",
         a.get("last_routable_after_us", 0) / 1000, b.get("last_routable_after_us", 0) / 1000, "{:.1f}"),
        ("route questions until the last topic was routable", a.get("last_route_queries"),
         b.get("last_route_queries"), "{:.0f}"),
        ("all N in the name server's topic list after (ms)",
         a.get("all_listed_after_ms"), b.get("all_listed_after_ms"), "{:,.0f}"),
        ("CPU during creation, broker process (s)",
         a.get("cpu_create_broker_ms", 0) / 1000, b.get("cpu_create_broker_ms", 0) / 1000, "{:.1f}"),
        ("CPU creation + settle window, broker (s)",
         a.get("cpu_total_broker_ms", 0) / 1000, b.get("cpu_total_broker_ms", 0) / 1000, "{:.1f}"),
        ("CPU creation + settle window, name server (s)",
         a.get("cpu_total_namesrv_ms", 0) / 1000, None, "{:.1f}"),
        ("CPU creation + settle window, total (s)",
         a.get("cpu_total_ms", 0) / 1000, b.get("cpu_total_ms", 0) / 1000, "{:.1f}"),
        ("VmRSS before → after (MiB)", rss(a, "rss_kb"), rss(b, "rss_kb"), None),
        ("RssAnon before → after (MiB)", rss(a, "rss_anon_kb"), rss(b, "rss_anon_kb"), None),
        ("RssFile before → after (MiB)", rss(a, "rss_file_kb"), rss(b, "rss_file_kb"), None),
        ("RssAnon growth per topic (KiB)", per_topic(a, "rss_anon_kb") and per_topic(a, "rss_anon_kb") / 1024,
         per_topic(b, "rss_anon_kb") and per_topic(b, "rss_anon_kb") / 1024, "{:.2f}"),
        ("bytes broker → name server during creation",
         a.get("reg_bytes_during_creation"), b.get("reg_bytes_during_creation"), "{:,.0f}"),
        ("bytes broker → name server in the settle window",
         a.get("reg_bytes_settle_window"), b.get("reg_bytes_settle_window"), "{:,.0f}"),
    ]


def rss(v, key):
    if key + "_before" not in v:
        return None
    return "{:.0f} → {:.0f}".format(v[key + "_before"] / 1024, v[key + "_after"] / 1024)


def cell(value, fmt):
    if value is None:
        return "–"
    return value if fmt is None else fmt.format(value)


def main():
    out, counts = sys.argv[1], sys.argv[2:]
    for n in counts:
        a = load(os.path.join(out, "apache-%s.properties" % n))
        b = load(os.path.join(out, "bolide-%s.properties" % n))
        print("**N = {:,} topics**\n".format(int(n)))
        print("| | Apache | Bolide | Bolide/Apache |")
        print("|---|---:|---:|---:|")
        for label, x, y, fmt in rows(a, b, int(n)):
            ratio = ""
            if fmt is not None and isinstance(x, float) and isinstance(y, float) and x > 0:
                ratio = "{:.2f}x".format(y / x)
            print("| {} | {} | {} | {} |".format(label, cell(x, fmt), cell(y, fmt), ratio))
        print()


if __name__ == "__main__":
    main()
