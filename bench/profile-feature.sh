#!/usr/bin/env bash
# What a feature costs Bolide's broker, measured by where its CPU goes rather than by comparing two
# runs (issues #15 and #16). On a shared host two runs never meet the same load, and a 30-second run
# spends about half of the broker's CPU in the JIT compilers, so "CPU per message with the feature
# on / off" swings from 0.7x to 3.8x between rounds (docs/benchmarks.md). A profile of one run does
# not have that problem: it reports the share of the broker's own CPU spent in the feature's code in
# that very run.
#
#   bench/profile-feature.sh acl [live-seconds]       (ACL=1: the gate, io.bolide.broker.auth)
#   bench/profile-feature.sh metrics [live-seconds]   (METRICS=1, scraped every second: counting,
#                                                      collecting, exposition, the HTTP server)
#   bench/profile-feature.sh secured [live-seconds]   (TLS=1 and ACL=1 against plain: the SSL
#                                                      handler and its engine, and the ACL gate)
#   live-seconds default 60; RATE default 3000 msg/s offered.
#
# Runs bench/run-e2e.sh for Bolide with the feature on, then off, each under async-profiler (cpu,
# 1 ms; fetched from Maven Central as bench/profile-startup.sh does), and prints per run: samples on
# Bolide's threads, samples in the feature and their share, the JIT compilers' samples, and the
# feature's largest frames. Collapsed stacks land in bench/target/feature-profile.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FEATURE="${1:?acl, metrics or secured}"
LIVE="${2:-60}"
case "$FEATURE" in
  acl) SWITCH=(ACL) ;;
  metrics) SWITCH=(METRICS) ;;
  secured) SWITCH=(TLS ACL) ;;
  *) echo "unknown feature $FEATURE (acl, metrics or secured)" >&2; exit 2 ;;
esac
OUT="$ROOT/bench/target/feature-profile"
mkdir -p "$OUT"
source "$ROOT/bench/scripts/async-profiler.sh"
export RATE="${RATE:-3000}"
export NS_PORT="${NS_PORT:-39876}" BROKER_PORT="${BROKER_PORT:-40911}" WARM_CLIENT="${WARM_CLIENT:-0}"
skip="${SKIP_BUILD:-0}"
# async-profiler from JVM start (cpu: Java, JIT-compiled stubs such as SHA-1, and the kernel time of
# system calls all count). A JFR window of the live phase alone was tried and dropped: JFR samples
# only threads running Java and cannot walk intrinsic stubs, so the I/O threads' socket time and
# the SHA-1 work vanish from its counts and the ACL share read 20.7% instead of 8%. Start-up runs
# on the main thread, which the summary leaves out; a longer live phase dilutes the warm-up.
for on in 1 0; do
  agent="-agentpath:$LIB/linux-x64/libasyncProfiler.so=start,event=cpu,interval=1ms,threads"
  switches=()
  for name in "${SWITCH[@]}"; do switches+=("$name=$on"); done
  env SKIP_BUILD="$skip" "${switches[@]}" TAG="-$FEATURE-profile$on" IMPLS=bolide \
    SERVER_JAVA_OPTS="$agent,file=$OUT/$FEATURE$on.collapsed,collapsed" \
    bench/run-e2e.sh "$LIVE" 0 > "$OUT/$FEATURE-run$on.log" 2>&1 || true
  skip=1
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# bench/profile-feature.sh $FEATURE $LIVE (RATE=$RATE)"
  echo
  python3 bench/scripts/feature_profile.py "$FEATURE" "$OUT/${FEATURE}1.collapsed" "$OUT/${FEATURE}0.collapsed"
  if [ "$FEATURE" = secured ]; then
    echo
    python3 bench/scripts/cpu_breakdown.py "$OUT/${FEATURE}1.collapsed" "$OUT/${FEATURE}0.collapsed"
  fi
} | tee "$OUT/$FEATURE-summary.md"
