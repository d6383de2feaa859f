"""Side-by-side table of bench/run-rss.sh: fill throughput and the broker's resident set."""
import csv
import os
import sys


def load(out, impl):
    samples = []
    path = os.path.join(out, impl + ".csv")
    if not os.path.exists(path):
        return None
    with open(path) as f:
        for row in csv.DictReader(f):
            if row["vmrss_kib"]:
                samples.append(row)
    props = {}
    ppath = os.path.join(out, impl + ".properties")
    if os.path.exists(ppath):
        for line in open(ppath):
            if "=" in line and not line.startswith("#"):
                k, v = line.strip().split("=", 1)
                props[k] = v
    return samples, props


def mib(kib):
    return int(kib) / 1024.0


def figures(data):
    samples, props = data
    fill = [s for s in samples if s["phase"] == "fill"] or samples
    after = [s for s in samples if s["phase"] == "after"] or samples
    last = after[-1]
    return {
        "GB written (10^9 B)": int(props.get("fill.messages", 0)) * int(os.environ.get("SIZE", "4096")) / 1e9,
        "Fill throughput (MB/s)": float(props.get("fill.mb_s", 0)),
        "Store on disk after (GB)": int(props.get("store_bytes", 0)) / 1e9,
        "VmRSS, max during fill (MiB)": max(mib(s["vmrss_kib"]) for s in fill),
        "RssAnon, max during fill (MiB)": max(mib(s["rssanon_kib"]) for s in fill),
        "RssFile, max during fill (MiB)": max(mib(s["rssfile_kib"]) for s in fill),
        "VmRSS after (MiB)": mib(last["vmrss_kib"]),
        "RssAnon after (MiB)": mib(last["rssanon_kib"]),
        "RssFile after (MiB)": mib(last["rssfile_kib"]),
    }


def main():
    out = sys.argv[1]
    version = os.environ.get("APACHE_VERSION", "5.5.0")
    a = load(out, "apache")
    b = load(out, "bolide")
    fa = figures(a) if a else {}
    fb = figures(b) if b else {}
    keys = list((fb or fa).keys())
    print("| Metric | Apache RocketMQ %s | Bolide | Bolide / Apache |" % version)
    print("|---|---:|---:|---:|")
    for k in keys:
        va = fa.get(k)
        vb = fb.get(k)
        ratio = "%.2f" % (vb / va) if va and vb is not None else "-"
        fmt = (lambda v: "-" if v is None else ("{:,.1f}".format(v) if v < 100 else "{:,.0f}".format(v)))
        print("| %s | %s | %s | %s |" % (k, fmt(va), fmt(vb), ratio))
    for name, f in (("apache", fa), ("bolide", fb)):
        if f:
            print()
            print("%s: messages %s, fill %s ms" % (name, (a if name == "apache" else b)[1].get("fill.messages"),
                                               (a if name == "apache" else b)[1].get("fill.ms")))


if __name__ == "__main__":
    main()
