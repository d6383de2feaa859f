#!/usr/bin/env bash
# Where Bolide's broker CPU goes under POP consumption (issue #17): bench/run-e2e.sh with
# CONSUME_MODE=POP for Bolide alone, under async-profiler from JVM start (cpu, 1 ms, thread names;
# fetched as bench/scripts/async-profiler.sh does), then the samples split by request path
# (bench/scripts/pop_profile.py). A short live phase keeps the profile on the backlog drain.
#
#   bench/profile-pop.sh [backlog-messages]          (default 100000)
#
# Environment as bench/run-e2e.sh (NS_PORT, BROKER_PORT, THREADS, SIZE, SKIP_BUILD, PORT_WAIT ...).
# Collapsed stacks and the summary land in bench/target/pop-profile.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MESSAGES="${1:-100000}"
OUT="$ROOT/bench/target/pop-profile"
mkdir -p "$OUT"
source "$ROOT/bench/scripts/async-profiler.sh"
agent="-agentpath:$LIB/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads"
env CONSUME_MODE=POP IMPLS=bolide TAG=-pop-profile WARM_CLIENT="${WARM_CLIENT:-0}" \
  BACKLOG_MESSAGES="$MESSAGES" DRAIN="${DRAIN:-300}" WARMUP="${WARMUP:-3}" \
  SERVER_JAVA_OPTS="${SERVER_JAVA_OPTS:-} $agent,file=$OUT/pop.collapsed,collapsed" \
  bench/run-e2e.sh "${LIVE:-5}" 60 > "$OUT/run.log" 2>&1
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# bench/profile-pop.sh $MESSAGES"
  grep -E '^(backlog|consume)\.' "$ROOT/bench/target/e2e/bolide-pop-profile.properties" | sed 's/^/# /'
  echo
  python3 bench/scripts/pop_profile.py "$OUT/pop.collapsed"
} | tee "$OUT/summary.md"
