#!/usr/bin/env bash
# CPU profile of `./bolide start` from JVM start to its ready line (issue #5, start-up): async-profiler
# (fetched from Maven Central, tools.profiler:async-profiler) samples every thread's CPU every 0.5 ms;
# the process is stopped as soon as it prints "bolide ready", so the profile is the start-up alone.
#
#   bench/profile-startup.sh [out-dir]     (default bench/target/startup-profile)
#
# Writes flame.html (open in a browser), collapsed.txt (one stack per line) and summary.txt: samples
# per thread kind and the largest frames under main, the JIT compilers and the other threads.
# The class-data-sharing archive is recorded by one unprofiled start first, as a user's first start.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
OUT="${1:-$ROOT/bench/target/startup-profile}"
mkdir -p "$OUT"
source "$ROOT/bench/scripts/async-profiler.sh"

source "$ROOT/bench/scripts/bolide-start-until-ready.sh"

start_once() { # extra JAVA_OPTS; prints the ready line's timing
  local data
  data=$(mktemp -d)
  JAVA_OPTS="${1:-}" bolide_start_until_ready "$OUT/start.log" \
    --namesrv-port 29876 --broker-port 30911 --data "$data"
  rm -rf "$data"
  grep -o "in [0-9]* ms (JVM start to ready [0-9]* ms)" "$OUT/start.log" || true
}

start_once > /dev/null # records the class-data-sharing archive if a build made it stale
agent="-agentpath:$LIB/linux-x64/libasyncProfiler.so=start,event=cpu,interval=500us"
opts="-XX:+UnlockDiagnosticVMOptions -XX:+DebugNonSafepoints"
echo "profiled start: $(start_once "$agent,file=$OUT/collapsed.txt,collapsed $opts")"
start_once "$agent,file=$OUT/flame.html $opts" > /dev/null

# Samples (0.5 ms of CPU each) by the stack's root frame, then the largest frames two levels down.
awk '
  { n = $NF; $NF = ""; k = split($0, f, ";"); root = f[1]; total += n; byRoot[root] += n
    key = root; for (i = 2; i <= 4 && i <= k; i++) key = key ";" f[i]; byFrame[key] += n }
  END {
    printf "%d samples (%.0f ms of CPU)\n", total, total / 2
    for (r in byRoot) printf "%8d  %s\n", byRoot[r], r | "sort -rn"
    close("sort -rn")
    print ""
    for (k in byFrame) if (byFrame[k] >= total / 100) printf "%8d  %s\n", byFrame[k], k | "sort -rn"
  }' "$OUT/collapsed.txt" > "$OUT/summary.txt"
cat "$OUT/summary.txt"
