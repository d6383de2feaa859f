#!/usr/bin/env bash
# Lite topics at scale (issue #34): N lite topics under one LITE parent on Apache RocketMQ 5.5.0 (a
# real name server and broker from the 5.5.0 jars) and on Bolide (`./bolide start`), one after the
# other, each on a fresh store; then a side-by-side table and a plot.
#
#   bench/run-lite.sh [N ...]                  (default: 10000 100000)
#
# Environment: THREADS=16 SIZE=1024 SETTLE=10 HEAP=4g IMPLS="apache bolide" APACHE_VERSION=5.5.0
#   NS_PORT=19876 BROKER_PORT=20911 (Apache also binds BROKER_PORT-2 and BROKER_PORT+1)
#
# Per N and implementation (io.bolide.bench.e2e.LiteLoad, raw remoting frames, the same for both):
#   subscribe  LITE_SUBSCRIPTION_CTL of every lite topic, 2000 per client (the per-client quota),
#            before any is sent to, as consumers subscribe before producers send;
#   send     one 1 KiB message to each lite topic (which creates it), THREADS senders;
#   memory   VmRSS and RssAnon of the broker before, SETTLE s after the subscriptions and after
#            the sends (per lite topic: the difference over N);
#   receive  POP_LITE_MESSAGE and ACK_MESSAGE until every client has all its messages;
#   restart  the broker stopped (TERM) and started on the same store: seconds until a lite query
#            and a send to a new lite topic are answered, and its resident memory then;
#   disk     bytes of disk the store takes (du: blocks, not the files' sparse sizes) after the
#            receives, in all and under consumequeue/ (where both keep each lite topic's queue).
# Both brokers get the lite limits raised to the run's N (maxLmqConsumeQueueNum,
# maxLiteSubscriptionCount); Apache also needs enableLmq and enableMultiDispatch (off by default,
# lite sends are not delivered without them). Everything else is each side's default, so Apache
# keeps one consume-queue file per lite topic, as Bolide does. The plot lands in docs/curves/lite.png
# when PLOT=1. Results, logs and the table land in bench/target/lite.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
COUNTS=("$@")
[ ${#COUNTS[@]} -gt 0 ] || COUNTS=(10000 100000)
THREADS="${THREADS:-16}"
SIZE="${SIZE:-1024}"
SETTLE="${SETTLE:-10}"
HEAP="${HEAP:-4g}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
OUT="$ROOT/bench/target/lite"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-lite.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
source "$ROOT/bench/scripts/servers.sh"
bench_setup

limits() { # count
  echo "maxLmqConsumeQueueNum=$(( $1 * 2 ))" "maxLiteSubscriptionCount=$(( $1 * 2 ))"
}

start_apache() { # dir count
  # shellcheck disable=SC2046
  apache_broker_conf "$1" "$NS_PORT" "$BROKER_PORT" enableLmq=true enableMultiDispatch=true \
    $(limits "$2")
  [ -n "${NS_PID:-}" ] && kill -0 "$NS_PID" 2>/dev/null || start_apache_namesrv "$1" "$NS_PORT"
  start_apache_broker "$1"
  wait_port "$BROKER_PORT" 300
}

start_bolide() { # dir count
  mkdir -p "$1"
  # shellcheck disable=SC2046
  printf '%s\n' $(limits "$2") > "$1/bolide.conf"
  # Apache runs no proxy: Bolide's gRPC port and console stay off too (nor do they collide with
  # another server on this host).
  start_bolide_dist "$1" "$NS_PORT" "$BROKER_PORT" -c "$1/bolide.conf" --grpc-port -1 \
    --console-port -1
  NS_PID=$BROKER_PID
}

load() { # impl count dir phase
  java -Xms512m -Xmx2g -Duser.home="$3/client" -cp "$JAR" io.bolide.bench.e2e.LiteLoad \
    --broker "127.0.0.1:$BROKER_PORT" --broker-name broker-a --count "$2" --threads "$THREADS" \
    --size "$SIZE" --settle "$SETTLE" --clk-tck "$CLK_TCK" --broker-pid "$BROKER_PID" \
    --namesrv-pid "$NS_PID" --phase "$4" --out "$OUT/$1-$2-$4.properties" >> "$3/load.out" 2>&1
}

run_one() { # impl count
  local impl=$1 count=$2 dir="$WORK/$1-$2" started
  mkdir -p "$dir/client"
  NS_PID=
  echo "== $impl: $count lite topics" >&2
  "start_$impl" "$dir" "$count"
  load "$impl" "$count" "$dir" load || echo "load failed against $impl, see $OUT/$impl-$count-logs" >&2
  du -s --block-size=1 "$dir/store" | cut -f1 | sed 's/^/store_bytes=/' >> "$OUT/$impl-$count-load.properties"
  du -s --block-size=1 "$dir/store/consumequeue" | cut -f1 | sed 's/^/consumequeue_bytes=/' \
    >> "$OUT/$impl-$count-load.properties"
  stop_server "$BROKER_PID"
  started=$(now_ms)
  if [ "$impl" = apache ]; then
    start_apache_broker "$dir"
    wait_port "$BROKER_PORT" 600
  else
    start_bolide "$dir" "$count"
  fi
  echo "port_ms=$(( $(now_ms) - started ))" > "$OUT/$impl-$count-restart.properties"
  load "$impl" "$count" "$dir" probe || echo "probe failed against $impl" >&2
  cat "$OUT/$impl-$count-probe.properties" >> "$OUT/$impl-$count-restart.properties" 2>/dev/null || true
  keep_logs "$impl-$count" "$dir"
}

rm -f "$OUT"/*.properties
for count in "${COUNTS[@]}"; do
  for impl in ${IMPLS:-apache bolide}; do
    run_one "$impl" "$count"
  done
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-lite.sh ${COUNTS[*]} (THREADS=$THREADS SIZE=$SIZE SETTLE=$SETTLE HEAP=$HEAP, Apache $APACHE_VERSION)"
  echo
  python3 bench/scripts/lite_table.py "$OUT" "${COUNTS[@]}"
} | tee "$OUT/table.md"
