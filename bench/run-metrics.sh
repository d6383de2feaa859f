#!/usr/bin/env bash
# Metrics endpoint cost (issue #16 item 4): Bolide's broker CPU per message with the Prometheus
# endpoint off (metricsExporterType=DISABLE, the default) and on with a scrape every second
# (METRICS=1 in bench/run-e2e.sh), same client, same scenario, one after the other, then one table.
#
#   bench/run-metrics.sh [live-seconds] [backlog-seconds]      (defaults 30 and 10)
#
# Environment: as bench/run-e2e.sh (THREADS, SIZE, RATE, WARMUP, HEAP, ...); RATE=N offers the same
# load to both runs, which makes CPU per message the comparable figure. Results and the table land
# in bench/target/e2e (bolide-nometrics, bolide-metrics .properties, and the metrics-table file).
set -euo pipefail
cd "$(dirname "$0")/.."
LIVE="${1:-30}"
BACKLOG="${2:-10}"
OUT=bench/target/e2e
METRICS=0 TAG=-nometrics IMPLS=bolide bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
METRICS=1 TAG=-metrics IMPLS=bolide bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-metrics.sh $LIVE $BACKLOG (THREADS=${THREADS:-64} RATE=${RATE:-0} SIZE=${SIZE:-1024} WARMUP=${WARMUP:-10})"
  echo
  python3 - "$OUT/bolide-nometrics.properties" "$OUT/bolide-metrics.properties" <<'PY'
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
names = ["endpoint off", "endpoint on, scraped every 1 s"]
rows = [
    ("produce TPS", "produce.tps", 1),
    ("broker CPU µs/msg (live: send + push)", "produce.broker_cpu_us_per_msg", 1),
    ("send p99 (ms)", "produce.send.p99_us", 1000),
    ("consume TPS (backlog)", "consume.tps", 1),
    ("broker CPU µs/msg (backlog drain)", "consume.broker_cpu_us_per_msg", 1),
    ("scrape size (bytes)", "metrics_scrape_bytes", 1),
]
print("| Bolide | " + " | ".join(names) + " |")
print("|---|" + "---|" * len(names))
for label, key, scale in rows:
    cells = []
    for run in runs:
        value = run.get(key)
        cells.append("—" if value is None else f"{float(value) / scale:.1f}")
    print(f"| {label} | " + " | ".join(cells) + " |")
try:
    ratio = float(runs[1]["produce.broker_cpu_us_per_msg"]) / float(runs[0]["produce.broker_cpu_us_per_msg"])
    print()
    print(f"Broker CPU per message (live), on / off: {ratio:.3f}x ({(ratio - 1) * 100:+.1f}%)")
except (KeyError, ValueError, ZeroDivisionError):
    pass
PY
} | tee "$OUT/metrics-table.md"
