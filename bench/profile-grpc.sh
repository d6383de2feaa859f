#!/usr/bin/env bash
# Where Bolide's CPU goes serving the official gRPC Java SDK (issue #17): bench/run-grpc.sh for
# Bolide alone, under async-profiler from JVM start (cpu, 1 ms, thread names; fetched as
# bench/scripts/async-profiler.sh does), then the samples split by path (bench/scripts/grpc_profile.py).
#
#   bench/profile-grpc.sh [seconds]          (default 20)
#
# Environment as bench/run-grpc.sh (THREADS, CONSUMERS, SIZE, WARMUP, SKIP_BUILD, ports ...).
# Collapsed stacks and the summary land in bench/target/grpc-profile.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT="$ROOT/bench/target/grpc-profile"
mkdir -p "$OUT"
source "$ROOT/bench/scripts/async-profiler.sh"
agent="-agentpath:$LIB/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads"
env IMPLS=bolide SERVER_JAVA_OPTS="${SERVER_JAVA_OPTS:-} $agent,file=$OUT/grpc.collapsed,collapsed" \
  bench/run-grpc.sh "${1:-20}" > "$OUT/run.log" 2>&1
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# bench/profile-grpc.sh ${1:-20}"
  grep -E '^(produce|consume|server)\.' "$ROOT/bench/target/grpc/bolide.properties" | sed 's/^/# /'
  echo
  python3 bench/scripts/grpc_profile.py "$OUT/grpc.collapsed"
} | tee "$OUT/summary.md"
