#!/usr/bin/env bash
# Topics at scale (issue #20): N topics created one after another through UPDATE_AND_CREATE_TOPIC
# (17), as `mqadmin updateTopic` does, on Apache RocketMQ 5.5.0 (a real name server and broker,
# started as processes from the 5.5.0 jars) and on Bolide (`./bolide start`: name server and broker
# in one process), one after the other, each on a fresh store; then a side-by-side table.
#
#   bench/run-topics.sh [N ...]                  (default: 1000 10000; e.g. 1000 10000 50000)
#
# Environment: QUEUES=8 SETTLE=30 HEAP=1g IMPLS="apache bolide" APACHE_VERSION=5.5.0
#   SERVER_JAVA_OPTS -> extra JVM options for Bolide (e.g. an async-profiler -agentpath)
#   NS_PORT=19876 BROKER_PORT=20911 (Apache also binds BROKER_PORT-2 and BROKER_PORT+1)
#
# Per N and implementation (io.bolide.bench.e2e.TopicLoad, the official 5.4.0 client's admin call):
# creation time and rate; delay from the last creation answered to the name server answering that
# topic's route (polled every 1 ms) and to its topic list holding all N; CPU (utime+stime from
# /proc/PID/stat) of broker and name server from the first creation to the end of a SETTLE-second
# window after the last topic was routable (30 s spans one periodic registration of either broker);
# VmRSS, RssAnon and RssFile before the first creation and after the window; bytes the broker sent
# to the name server port (ss TCP counters) during creation and in the window.
# Apache's broker goes with its defaults (forceRegister=true: the whole table every 30 s).
# Results, logs and the table land in bench/target/topics; data in a temp dir removed at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(1000 10000)
QUEUES="${QUEUES:-8}"
SETTLE="${SETTLE:-30}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
OUT="$ROOT/bench/target/topics"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-topics.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
source "$ROOT/bench/scripts/servers.sh"
bench_setup

start_apache() { # dir
  local dir=$1
  apache_broker_conf "$dir" "$NS_PORT" "$BROKER_PORT"
  start_apache_namesrv "$dir" "$NS_PORT"
  start_apache_broker "$dir"
  wait_port "$BROKER_PORT" 120
}

start_bolide() { # dir
  start_bolide_dist "$1" "$NS_PORT" "$BROKER_PORT"
  NS_PID=$BROKER_PID
}

run_one() { # impl count
  local impl=$1 count=$2 dir="$WORK/$1-$2"
  mkdir -p "$dir/client"
  echo "== $impl: $count topics, $QUEUES queues each" >&2
  "start_$impl" "$dir"
  java -Xms256m -Xmx1g -Duser.home="$dir/client" -cp "$JAR" io.bolide.bench.e2e.TopicLoad \
    --namesrv "127.0.0.1:$NS_PORT" --broker "127.0.0.1:$BROKER_PORT" --count "$count" \
    --queues "$QUEUES" --settle "$SETTLE" --clk-tck "$CLK_TCK" --broker-pid "$BROKER_PID" \
    --namesrv-pid "$NS_PID" --namesrv-port "$NS_PORT" --out "$OUT/$impl-$count.properties" \
    > "$dir/load.out" 2>&1 || { echo "load failed against $impl, see $OUT/$impl-$count-logs" >&2; }
  stop_servers
  rm -rf "$OUT/$impl-$count-logs" && mkdir -p "$OUT/$impl-$count-logs"
  cp "$dir"/*.out "$OUT/$impl-$count-logs/" 2>/dev/null || true
  rm -rf "$dir"
}

rm -f "$OUT"/*.properties
for count in "${COUNTS[@]}"; do
  for impl in ${IMPLS:-apache bolide}; do
    run_one "$impl" "$count"
  done
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-topics.sh ${COUNTS[*]} (QUEUES=$QUEUES SETTLE=$SETTLE HEAP=$HEAP, Apache $APACHE_VERSION)"
  echo
  python3 bench/scripts/topics_table.py "$OUT" "${COUNTS[@]}"
} | tee "$OUT/table.md"
