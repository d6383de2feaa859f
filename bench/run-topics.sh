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
HEAP="${HEAP:-1g}"
APACHE_VERSION="${APACHE_VERSION:-5.5.0}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
OUT="$ROOT/bench/target/topics"
APACHE_LIB="$ROOT/bench/target/apache-lib-$APACHE_VERSION"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-topics.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
JVM_OPTS=(-XX:+UseG1GC
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-exports java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED)
JVM=(-Xms"$HEAP" -Xmx"$HEAP" "${JVM_OPTS[@]}")
SERVER_PIDS=()

stop_servers() {
  for pid in "${SERVER_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${SERVER_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  SERVER_PIDS=()
}
trap 'stop_servers; rm -rf "$WORK"' EXIT

wait_port() { # port seconds
  local deadline=$(( $(date +%s) + $2 ))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "port $1 not open after $2 s" >&2; return 1; }
    sleep 0.02
  done
}

mkdir -p "$OUT"
mvn -o -q package -pl bench,dist -am -DskipTests
if [ ! -f "$APACHE_LIB/rocketmq-broker-$APACHE_VERSION.jar" ]; then
  mvn -q -f bench/e2e/apache/pom.xml dependency:copy-dependencies -Drocketmq.version="$APACHE_VERSION" \
    -DincludeScope=runtime -DoutputDirectory="$APACHE_LIB"
fi

start_apache() { # dir
  local dir=$1
  mkdir -p "$dir/store"
  printf 'listenPort=%s\n' "$NS_PORT" > "$dir/namesrv.conf"
  cat > "$dir/broker.conf" <<CONF
brokerClusterName=DefaultCluster
brokerName=broker-a
brokerId=0
brokerIP1=127.0.0.1
namesrvAddr=127.0.0.1:$NS_PORT
listenPort=$BROKER_PORT
storePathRootDir=$dir/store
storePathCommitLog=$dir/store/commitlog
flushDiskType=ASYNC_FLUSH
autoCreateTopicEnable=true
CONF
  ROCKETMQ_HOME="$dir" java "${JVM[@]}" -Duser.home="$dir" -cp "$APACHE_LIB/*" \
    org.apache.rocketmq.namesrv.NamesrvStartup -c "$dir/namesrv.conf" > "$dir/namesrv.out" 2>&1 &
  NS_PID=$!
  SERVER_PIDS+=("$NS_PID")
  wait_port "$NS_PORT" 60
  ROCKETMQ_HOME="$dir" java "${JVM[@]}" -Duser.home="$dir" -cp "$APACHE_LIB/*" \
    org.apache.rocketmq.broker.BrokerStartup -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
  BROKER_PID=$!
  SERVER_PIDS+=("$BROKER_PID")
  wait_port "$BROKER_PORT" 120
}

start_bolide() { # dir
  local dir=$1
  mkdir -p "$dir/store"
  BOLIDE_HEAP="$HEAP" JAVA_OPTS="${JVM_OPTS[*]} -Duser.home=$dir ${SERVER_JAVA_OPTS:-}" \
    "$ROOT/bolide" start --namesrv-port "$NS_PORT" --broker-port "$BROKER_PORT" \
    --data "$dir/store" > "$dir/broker.out" 2>&1 &
  BROKER_PID=$!
  SERVER_PIDS+=("$BROKER_PID")
  wait_port "$BROKER_PORT" 120
  local child
  child=$(pgrep -P "$BROKER_PID" java || true)
  [ -z "$child" ] || { BROKER_PID=$child; SERVER_PIDS+=("$child"); }
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
