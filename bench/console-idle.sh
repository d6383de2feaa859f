#!/usr/bin/env bash
# The web console's cost on an idle broker (#35): `bolide start` (name server + broker in one JVM,
# gRPC off) with the console off, on and nobody looking, and on with a page open (the cluster
# page's requests: GET /api/cluster once, then GET /api/metrics every 2 s for its charts, done here
# with curl). Each run waits WARM
# seconds after the ready line, then reads the process's CPU time (utime + stime, /proc/PID/stat)
# and VmRSS (/proc/PID/status) at the start and end of a WINDOW-second idle window. Modes alternate,
# ROUNDS times, so a change of the machine's load touches every mode alike.
#
#   bench/console-idle.sh            (build first: mvn -pl dist -am install -DskipTests)
#
# Environment: WARM=45 WINDOW=60 ROUNDS=2 MODES="off on watched" PORT_BASE=29876
# Prints one Markdown row per run and a mean per mode; logs in bench/target/console-idle.
set -euo pipefail
cd "$(dirname "$0")/.."
WARM="${WARM:-45}"
WINDOW="${WINDOW:-60}"
ROUNDS="${ROUNDS:-2}"
MODES="${MODES:-off on watched}"
BASE="${PORT_BASE:-29876}"
OUT="bench/target/console-idle"
mkdir -p "$OUT"
TICK=$(getconf CLK_TCK)

cpu_ms() { awk -v t="$TICK" '{print ($14 + $15) * 1000 / t}' "/proc/$1/stat"; }
rss_kib() { awk '/^VmRSS/{print $2}' "/proc/$1/status"; }

run() { # mode round
  local mode=$1 round=$2 data console=-1 log pid
  data=$(mktemp -d /tmp/bolide-console-idle.XXXXXX)
  log="$OUT/$mode-$round.log"
  [[ $mode != off ]] && console=$((BASE + 3))
  ./bolide start --data "$data" --namesrv-port "$BASE" --broker-port $((BASE + 1)) \
    --grpc-port -1 --console-port "$console" > "$log" 2>&1 &
  pid=$!
  for _ in $(seq 600); do grep -q "bolide ready" "$log" && break; sleep 0.1; done
  grep -q "bolide ready" "$log" || { echo "no ready line: $log" >&2; kill "$pid"; return 1; }
  local poller=""
  if [[ $mode == watched ]]; then
    ( curl -s -o /dev/null "http://127.0.0.1:$console/api/cluster" || true
      while kill -0 "$pid" 2> /dev/null; do
        curl -s -o /dev/null "http://127.0.0.1:$console/api/metrics" || true
        sleep 2
      done ) &
    poller=$!
  fi
  sleep "$WARM"
  local c0 c1 r0 r1
  c0=$(cpu_ms "$pid"); r0=$(rss_kib "$pid")
  sleep "$WINDOW"
  c1=$(cpu_ms "$pid"); r1=$(rss_kib "$pid")
  [[ -n $poller ]] && kill "$poller" 2> /dev/null || true
  kill -TERM "$pid"; wait "$pid" 2> /dev/null || true
  rm -rf "$data"
  awk -v m="$mode" -v r="$round" -v c0="$c0" -v c1="$c1" -v w="$WINDOW" -v r0="$r0" -v r1="$r1" \
    'BEGIN{printf "| %s | %d | %.1f | %.1f | %.1f |\n", m, r, (c1-c0)/w, r0/1024, r1/1024}'
}

echo "| console | round | CPU ms/s (idle window) | VmRSS MiB at start | VmRSS MiB at end |"
echo "|---|---|---|---|---|"
for round in $(seq "$ROUNDS"); do
  for mode in $MODES; do run "$mode" "$round"; done
done | tee "$OUT/rows.md"
awk -F'|' '{n[$2]++; c[$2]+=$4; r[$2]+=$6} END{for (m in n) printf "mean %s: %.1f ms/s CPU, %.1f MiB VmRSS\n", m, c[m]/n[m], r[m]/n[m]}' "$OUT/rows.md"
