#!/usr/bin/env bash
# What ACL costs Bolide's broker, measured by where its CPU goes rather than by comparing two runs
# (issue #15). On a shared host two runs never meet the same load, and a 30-second run spends
# about half of the broker's CPU in the JIT compilers, so "CPU per message with ACL on / off" swings
# from 0.7x to 3.8x between rounds (docs/benchmarks.md). A profile of one run does not have that
# problem: it reports the share of the broker's request-handling CPU spent inside the ACL gate
# (io.bolide.broker.auth: signature check, authorization) in that very run.
#
#   bench/profile-acl.sh [live-seconds]      (default 30; RATE default 3000 msg/s)
#
# Runs bench/run-e2e.sh for Bolide with ACL on, then off, each under async-profiler (cpu, 1 ms;
# fetched from Maven Central as bench/profile-startup.sh does), and prints per run: samples on
# Bolide's own threads, samples inside the ACL gate and their share, the JIT compilers' samples,
# and the largest frames of the gate. Collapsed stacks land in bench/target/acl-profile.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LIVE="${1:-30}"
OUT="$ROOT/bench/target/acl-profile"
PROFILER_VERSION=4.1
LIB="$ROOT/bench/target/async-profiler"
mkdir -p "$OUT" "$LIB"
if [ ! -f "$LIB/linux-x64/libasyncProfiler.so" ]; then
  mvn -B -ntp -q dependency:copy -Dartifact="tools.profiler:async-profiler:$PROFILER_VERSION" \
    -DoutputDirectory="$LIB"
  (cd "$LIB" && unzip -o -q "async-profiler-$PROFILER_VERSION.jar" 'linux-x64/*')
fi
export RATE="${RATE:-3000}"
skip="${SKIP_BUILD:-0}"
for acl in 1 0; do
  agent="-agentpath:$LIB/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads"
  SKIP_BUILD=$skip ACL=$acl TAG="-aclprofile$acl" IMPLS=bolide \
    SERVER_JAVA_OPTS="$agent,file=$OUT/acl$acl.collapsed,collapsed" \
    bench/run-e2e.sh "$LIVE" 0 > "$OUT/run$acl.log" 2>&1 || true
  skip=1
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# bench/profile-acl.sh $LIVE (RATE=$RATE)"
  echo
  python3 bench/scripts/acl_profile.py "$OUT/acl1.collapsed" "$OUT/acl0.collapsed"
} | tee "$OUT/summary.md"
