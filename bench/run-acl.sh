#!/usr/bin/env bash
# ACL 2.0 cost (issue #15): broker CPU per message and send latency with authentication +
# authorization off and on for Bolide, and on for Apache RocketMQ $APACHE_VERSION (5.5.0), same
# client (the official 5.4.0 Java client, signing with AclClientRPCHook when ACL is on), same
# scenario: bench/run-e2e.sh run twice (ACL=0 for Bolide alone, then ACL=1 for both), then one
# table. With ACL on both brokers have one Super user (the reference's local metadata providers
# on Apache), so both check every request's signature and pass authorization as a Super user.
#
#   bench/run-acl.sh [live-seconds] [backlog-seconds]        (defaults 30 and 20)
#
# Environment: as bench/run-e2e.sh (THREADS, SIZE, RATE, HEAP, ...). Results and the table land in
# bench/target/e2e (bolide-noacl, bolide-acl, apache-acl .properties, and the table as acl-table).
set -euo pipefail
cd "$(dirname "$0")/.."
LIVE="${1:-30}"
BACKLOG="${2:-20}"
OUT=bench/target/e2e
ACL=0 TAG=-noacl IMPLS=bolide bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
ACL=1 TAG=-acl IMPLS="apache bolide" bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-acl.sh $LIVE $BACKLOG (THREADS=${THREADS:-64} RATE=${RATE:-0} SIZE=${SIZE:-1024})"
  echo
  python3 - "$OUT/bolide-noacl.properties" "$OUT/bolide-acl.properties" "$OUT/apache-acl.properties" <<'PY'
import sys

def load(path):
    values = {}
    try:
        for line in open(path):
            if "=" in line and not line.startswith("#"):
                key, value = line.strip().split("=", 1)
                values[key] = value
    except OSError:
        pass
    return values

runs = [load(p) for p in sys.argv[1:]]
names = ["Bolide, ACL off", "Bolide, ACL on", "Apache 5.5.0, ACL on"]
rows = [
    ("produce TPS", "produce.tps", 1),
    ("broker CPU µs/msg (live: send + push)", "produce.broker_cpu_us_per_msg", 1),
    ("send p99 (ms)", "produce.send.p99_us", 1000),
    ("consume TPS (backlog)", "consume.tps", 1),
    ("broker CPU µs/msg (backlog drain)", "consume.broker_cpu_us_per_msg", 1),
    ("send errors", "produce.errors", 1),
]
print("| | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
for label, key, scale in rows:
    cells = []
    for run in runs:
        value = run.get(key)
        cells.append("—" if value is None else f"{float(value) / scale:.1f}")
    print(f"| {label} | " + " | ".join(cells) + " |")
def ratio(a, b, key):
    try:
        return float(a[key]) / float(b[key])
    except (KeyError, ValueError, ZeroDivisionError):
        return float("nan")
print()
print(f"Bolide ACL on / off, broker CPU per message (live): {ratio(runs[1], runs[0], 'produce.broker_cpu_us_per_msg'):.2f}x")
print(f"Bolide / Apache, both ACL on, broker CPU per message (live): {ratio(runs[1], runs[2], 'produce.broker_cpu_us_per_msg'):.2f}x")
PY
} | tee "$OUT/acl-table.md"
