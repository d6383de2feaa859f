#!/usr/bin/env bash
# Metrics endpoint cost (issue #16 item 4): Bolide's broker CPU per message with the Prometheus
# endpoint off (metricsExporterType=DISABLE, the default) and on with a scrape every second
# (METRICS=1 in bench/run-e2e.sh), same client, same scenario. ROUNDS rounds (default 3) of one run
# each, the order alternating (off, on; then on, off; ...), so a load change on a shared machine
# falls on both sides alike; the cost reported is the median over rounds of each round's on / off.
#
#   bench/run-metrics.sh [live-seconds] [backlog-seconds]      (defaults 30 and 10)
#
# Environment: as bench/run-e2e.sh (THREADS, SIZE, RATE, WARMUP, HEAP, ...); RATE=N offers the same
# load to both runs, which makes CPU per message the comparable figure. Results and the table land
# in bench/target/e2e: bolide-nometrics-rN and bolide-metrics-rN .properties, and the table in
# bench/target/e2e/metrics-table.md.
set -euo pipefail
cd "$(dirname "$0")/.."
LIVE="${1:-30}"
BACKLOG="${2:-10}"
ROUNDS="${ROUNDS:-3}"
OUT=bench/target/e2e
mkdir -p "$OUT"
rm -f "$OUT"/bolide-nometrics-r*.properties "$OUT"/bolide-metrics-r*.properties
skip="${SKIP_BUILD:-0}" # the first run builds the jars (unless SKIP_BUILD=1); the others reuse them
bolide_run() { # metrics round
  local tag
  if [ "$1" = 1 ]; then tag="-metrics-r$2"; else tag="-nometrics-r$2"; fi
  echo "== round $2: Bolide, metrics endpoint $([ "$1" = 1 ] && echo on || echo off)" >&2
  SKIP_BUILD=$skip METRICS="$1" TAG="$tag" IMPLS=bolide bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
  skip=1
}
source bench/scripts/alternating-rounds.sh
alternating_rounds "$ROUNDS" bolide_run
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-metrics.sh $LIVE $BACKLOG (ROUNDS=$ROUNDS THREADS=${THREADS:-64} RATE=${RATE:-0} SIZE=${SIZE:-1024} WARMUP=${WARMUP:-10})"
  echo
  python3 bench/scripts/onoff_table.py "$OUT" "$ROUNDS" -nometrics -metrics "metrics endpoint"
  scrape=$(grep -h '^metrics_scrape_bytes=' "$OUT"/bolide-metrics-r*.properties 2>/dev/null | tail -1 | cut -d= -f2)
  echo "Scrape size: ${scrape:-unknown} bytes"
} | tee "$OUT/metrics-table.md"
