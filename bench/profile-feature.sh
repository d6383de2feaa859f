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
#   live-seconds default 60 (the profile is LIVE-20 s of it, after WARMUP=30 s of warm-up);
#   RATE default 3000 msg/s offered.
#
# Runs bench/run-e2e.sh for Bolide with the feature on, then off, each recorded by the JDK's Flight
# Recorder (execution samples every 1 ms), and prints per run: samples on Bolide's threads,
# samples in the feature and their share, and the feature's largest frames. Recordings and collapsed
# stacks land in bench/target/feature-profile.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
FEATURE="${1:?acl or metrics}"
LIVE="${2:-60}"
case "$FEATURE" in
  acl) SWITCH=ACL ;;
  metrics) SWITCH=METRICS ;;
  *) echo "unknown feature $FEATURE (acl or metrics)" >&2; exit 2 ;;
esac
OUT="$ROOT/bench/target/feature-profile"
mkdir -p "$OUT"
export RATE="${RATE:-3000}"
export WARMUP="${WARMUP:-30}"
export NS_PORT="${NS_PORT:-39876}" BROKER_PORT="${BROKER_PORT:-40911}" WARM_CLIENT="${WARM_CLIENT:-0}"
skip="${SKIP_BUILD:-0}"
# The JDK's "profile" settings with Java method sampling every millisecond instead of every 10 ms.
java_home=$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")
sed '/name="jdk.ExecutionSample"/,/<\/event>/ s|>10 ms<|>1 ms<|' \
  "$java_home/lib/jfr/profile.jfc" > "$OUT/sampling.jfc"
# A broker that records the class-data-sharing archive (its first start after a build) runs with
# JFR disabled, so one untimed start-stop records it first.
if [ "$skip" = 1 ]; then
  source "$ROOT/bench/scripts/bolide-start-until-ready.sh"
  prime=$(mktemp -d)
  bolide_start_until_ready "$OUT/prime.log" --namesrv-port "$NS_PORT" --broker-port "$BROKER_PORT" \
    --data "$prime/store"
  rm -rf "$prime"
fi
# The profile is a steady-state window of the live phase: a JDK Flight Recording that starts
# WARMUP+15 s after the JVM (start-up and warm-up over) and lasts LIVE-20 s. Profiling from JVM start
# would count start-up, and code that still runs interpreted because a once-a-second scrape has not
# been called often enough to be compiled yet. JFR samples Java frames only (no JIT compiler threads).
for on in 1 0; do
  jfr_file="$OUT/$FEATURE$on.jfr"
  rm -f "$jfr_file"
  env SKIP_BUILD="$skip" "$SWITCH=$on" TAG="-$FEATURE-profile$on" IMPLS=bolide \
    SERVER_JAVA_OPTS="-XX:StartFlightRecording=delay=$(( WARMUP + 15 ))s,duration=$(( LIVE - 20 ))s,settings=$OUT/sampling.jfc,filename=$jfr_file" \
    bench/run-e2e.sh "$LIVE" 0 > "$OUT/$FEATURE-run$on.log" 2>&1 || true
  jfr print --events jdk.ExecutionSample --stack-depth 96 "$jfr_file" \
    | python3 bench/scripts/jfr_collapsed.py > "$OUT/$FEATURE$on.collapsed"
  skip=1
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "# bench/profile-feature.sh $FEATURE $LIVE (RATE=$RATE)"
  echo
  python3 bench/scripts/feature_profile.py "$FEATURE" "$OUT/${FEATURE}1.collapsed" "$OUT/${FEATURE}0.collapsed"
} | tee "$OUT/$FEATURE-summary.md"
