#!/usr/bin/env bash
# ACL 2.0 cost (issue #15): broker CPU per message and send latency with authentication +
# authorization off and on for Bolide, and on for Apache RocketMQ $APACHE_VERSION (5.5.0), same
# client (the official 5.4.0 Java client, signing with AclClientRPCHook when ACL is on), same
# scenario as bench/run-e2e.sh. With ACL on both brokers have one Super user (the reference's local
# metadata providers on Apache), so both check every request's signature and pass authorization as
# a Super user.
#
#   bench/run-acl.sh [live-seconds] [backlog-seconds]     (defaults 30 and 20)
#   bench/run-acl.sh --short                              (8 s live, no backlog, 3 s warm-up,
#                                                          2 rounds, no Apache run: ~2 minutes)
#
# Bolide's ACL-off and ACL-on runs are interleaved: ROUNDS rounds (default 3) of one run each, the
# order alternating (off, on; then on, off; ...), so a load change on a shared machine falls on
# both sides alike. The ratio reported is the median over rounds of each round's on / off. Then,
# unless APACHE=0, one Apache run with ACL on for the Bolide / Apache ratio.
#
# CONCURRENT=1 runs each round's two Bolide brokers at the same time instead (the ACL-on one on
# other ports), each offered the same paced load (RATE, default 1500 msg/s each): whatever else the
# machine is doing then falls on both at once, which is the only fair comparison on a host shared
# with other work; the alternating order alone did not tame it (rounds from 0.7x to 3.8x).
#
# Environment: as bench/run-e2e.sh (THREADS, SIZE, RATE, WARMUP, HEAP, NS_PORT, BROKER_PORT,
# SKIP_BUILD, ...); ROUNDS, APACHE, CONCURRENT.
# Results land in bench/target/e2e (bolide-noacl-rN, bolide-acl-rN, apache-acl .properties) and
# the tables in bench/target/e2e/acl-table.md.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "${1:-}" = --short ]; then
  LIVE=8
  BACKLOG=0
  export WARMUP="${WARMUP:-3}"
  ROUNDS="${ROUNDS:-2}"
  APACHE="${APACHE:-0}"
else
  LIVE="${1:-30}"
  BACKLOG="${2:-20}"
fi
ROUNDS="${ROUNDS:-3}"
APACHE="${APACHE:-1}"
OUT=bench/target/e2e
mkdir -p "$OUT"
rm -f "$OUT"/bolide-noacl-r*.properties "$OUT"/bolide-acl-r*.properties "$OUT"/apache-acl.properties

# Start-up is not compared here: no throwaway warm-up broker for the start-up client (on a loaded
# host its send can time out and cost the whole run).
export WARM_CLIENT="${WARM_CLIENT:-0}"
skip="${SKIP_BUILD:-0}" # the first run builds the jars (unless SKIP_BUILD=1); the others reuse them
bolide_run() { # acl round
  local tag
  if [ "$1" = 1 ]; then tag="-acl-r$2"; else tag="-noacl-r$2"; fi
  echo "== round $2: Bolide, ACL $([ "$1" = 1 ] && echo on || echo off)" >&2
  SKIP_BUILD=$skip ACL="$1" TAG="$tag" IMPLS=bolide bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
  skip=1
}
concurrent_round() { # round
  echo "== round $1: Bolide, ACL off and on at the same time" >&2
  SKIP_BUILD=1 ACL=0 TAG="-noacl-r$1" IMPLS=bolide bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null &
  local off=$!
  SKIP_BUILD=1 ACL=1 TAG="-acl-r$1" IMPLS=bolide NS_PORT=${ACL_NS_PORT:-39876} BROKER_PORT=${ACL_BROKER_PORT:-40911} \
    bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
  wait "$off" || true
}
CONCURRENT="${CONCURRENT:-0}"
if [ "$CONCURRENT" = 1 ]; then
  export RATE="${RATE:-1500}"
  [ "$skip" = 1 ] || mvn -o -q package -pl bench,dist -am -DskipTests
  skip=1
fi
if [ "$CONCURRENT" = 1 ]; then
  for round in $(seq 1 "$ROUNDS"); do concurrent_round "$round"; done
else
  source bench/scripts/alternating-rounds.sh
  alternating_rounds "$ROUNDS" bolide_run
fi
if [ "$APACHE" = 1 ]; then
  echo "== Apache ${APACHE_VERSION:-5.5.0}, ACL on" >&2
  SKIP_BUILD=$skip ACL=1 TAG=-acl IMPLS=apache bench/run-e2e.sh "$LIVE" "$BACKLOG" > /dev/null || true
fi
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-acl.sh $LIVE $BACKLOG (ROUNDS=$ROUNDS CONCURRENT=$CONCURRENT APACHE=$APACHE THREADS=${THREADS:-64} RATE=${RATE:-0} SIZE=${SIZE:-1024} WARMUP=${WARMUP:-10})"
  echo
  python3 bench/scripts/acl_table.py "$OUT" "$ROUNDS"
} | tee "$OUT/acl-table.md"
