#!/usr/bin/env python3
"""Turns a JMH CSV (with -prof gc) of xxxBolide/xxxApache benchmark pairs into a Markdown table:
time and allocation per operation side by side, and Apache's time over Bolide's."""
import csv
import sys
from collections import defaultdict

rows = defaultdict(dict)
with open(sys.argv[1], newline="") as f:
    for r in csv.DictReader(f):
        name, _, metric = r["Benchmark"].partition(":")
        metric = metric or "time"
        params = tuple((k, v) for k, v in r.items() if k.startswith("Param: ") and v)
        method = name.rsplit(".", 1)[1]
        if method.endswith("Bolide"):
            op, side = method[: -len("Bolide")], "bolide"
        elif method.endswith("Apache"):
            op, side = method[: -len("Apache")], "apache"
        else:
            continue
        if metric not in ("time", "gc.alloc.rate.norm"):
            continue
        rows[(params, op)][(side, metric)] = float(r["Score"])

print("| params | op | Bolide ns/op | Apache ns/op | Apache/Bolide | Bolide B/op | Apache B/op |")
print("|---|---|---:|---:|---:|---:|---:|")
for (params, op), v in sorted(rows.items()):
    label = " ".join(val for _, val in params)
    bt, at = v.get(("bolide", "time")), v.get(("apache", "time"))
    ba, aa = v.get(("bolide", "gc.alloc.rate.norm")), v.get(("apache", "gc.alloc.rate.norm"))
    ratio = f"{at / bt:.1f}×" if bt and at else "?"
    fmt = lambda x, d=0: "?" if x is None else f"{x:.{d}f}"
    print(f"| {label} | {op} | {fmt(bt, 1)} | {fmt(at, 1)} | {ratio} | {fmt(ba)} | {fmt(aa)} |")
