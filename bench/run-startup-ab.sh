#!/usr/bin/env bash
# Start-up before/after on the same host: `./bolide start` of another checkout (A, e.g. the commit
# before a change, built) and of this one (B), alternated run by run so the host's drift falls on
# both alike. Each start binds free ports, stores in a fresh temp dir, and is stopped with SIGTERM
# at its ready line; one unrecorded start of each first records its class-data-sharing archive.
#
#   bench/run-startup-ab.sh OTHER_CHECKOUT [runs]      (default 9 runs each)
#
# Prints each run's ready-line figures ("in N ms", "JVM start to ready M ms") and the medians.
set -euo pipefail
cd "$(dirname "$0")/.."
B_DIR=$PWD
A_DIR=$(cd "$1" && pwd)
RUNS="${2:-9}"
OUT="$B_DIR/bench/target/startup-ab"
mkdir -p "$OUT"
source "$B_DIR/bench/scripts/bolide-start-until-ready.sh"
# Built here, so neither side builds inside a timed start (A must have been built already).
mvn -o -q package -pl dist -am -DskipTests

once() { # checkout, label
  local data
  data=$(mktemp -d)
  ROOT=$1 bolide_start_until_ready "$OUT/$2.log" --namesrv-port 0 --broker-port 0 --data "$data"
  rm -rf "$data"
  grep -o "in [0-9]* ms (JVM start to ready [0-9]* ms)" "$OUT/$2.log" | tr -dc '0-9 ' | awk '{print $1, $2}'
}

once "$A_DIR" a >/dev/null
once "$B_DIR" b >/dev/null
: > "$OUT/a.txt"
: > "$OUT/b.txt"
for i in $(seq "$RUNS"); do
  once "$A_DIR" a >> "$OUT/a.txt"
  once "$B_DIR" b >> "$OUT/b.txt"
done
median() { sort -n | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
for side in a b; do
  echo "$side: ready (ms): $(cut -d' ' -f1 "$OUT/$side.txt" | tr '\n' ' ')"
  echo "$side: JVM start to ready (ms): $(cut -d' ' -f2 "$OUT/$side.txt" | tr '\n' ' ')"
  echo "$side: medians: ready $(cut -d' ' -f1 "$OUT/$side.txt" | median) ms," \
    "JVM start to ready $(cut -d' ' -f2 "$OUT/$side.txt" | median) ms"
done
