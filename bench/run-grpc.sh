#!/usr/bin/env bash
# gRPC SDK benchmark (issue #17): the official RocketMQ 5 gRPC Java SDK (rocketmq-client-java
# $GRPC_CLIENT_VERSION, default 5.0.8) producing and consuming through Bolide's own gRPC endpoint
# (`./bolide start --grpc-port`, one process) and through Apache RocketMQ $APACHE_VERSION's proxy in
# LOCAL mode (rocketmq-proxy with the broker embedded in its JVM, the reference's single-process
# gRPC deployment, plus its name server), one after the other in the same run, same heap per JVM,
# same client, then a side-by-side Markdown table with the issue's targets.
#
#   bench/run-grpc.sh [seconds]                                    (default 20)
#
# Environment: THREADS=64 CONSUMERS=4 BATCH=32 SIZE=1024 WARMUP=10 DRAIN=180 HEAP=1g IMPLS="apache bolide"
#   NS_PORT=42876 BROKER_PORT=42911 (Apache also binds BROKER_PORT-2 and +1) GRPC_PORT=42081
#   PROXY_REMOTING_PORT=42080 (the Apache proxy's own remoting listener)
#   SKIP_BUILD=1 -> use the jars of an earlier `mvn package -pl bench,dist -am`
#   SERVER_JAVA_OPTS -> extra JVM options for Bolide (e.g. an async-profiler agent)
#   PROXY_JAVA_OPTS  -> extra JVM options for Apache's proxy JVM
#
# Per implementation: THREADS threads sync-send SIZE-byte messages through one SDK Producer (the
# blocking send: THREADS sends in flight, the latency is what a calling thread waits) while
# CONSUMERS threads receive up to BATCH messages per call through one SimpleConsumer (long polling)
# and acknowledge each message (the batch's acks in flight together), for `seconds` after WARMUP.
# Reported: produce and consume TPS over the window, send p50/p99, born-to-received p50/p99 (ms
# resolution), and the CPU of everything on the server side ((utime+stime) deltas from /proc:
# Bolide's one JVM; Apache's proxy+broker JVM and its name server) per message sent in the window.
# Then the senders stop and the receivers drain what is left (up to DRAIN seconds): consume TPS
# and server CPU per message of consumption alone.
# Run it at `nice -n 5` on a shared host, so the figures are not starved. Outputs, logs and the
# table land in bench/target/grpc; data in a temp dir removed at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
SECONDS_PER_PHASE="${1:-20}"
THREADS="${THREADS:-64}"
CONSUMERS="${CONSUMERS:-4}"
BATCH="${BATCH:-32}"
SIZE="${SIZE:-1024}"
WARMUP="${WARMUP:-10}"
DRAIN="${DRAIN:-180}"
NS_PORT="${NS_PORT:-42876}"
BROKER_PORT="${BROKER_PORT:-42911}"
GRPC_PORT="${GRPC_PORT:-42081}"
PROXY_REMOTING_PORT="${PROXY_REMOTING_PORT:-42080}"
GRPC_CLIENT_VERSION="${GRPC_CLIENT_VERSION:-5.0.8}"
OUT="$ROOT/bench/target/grpc"
JAR="$ROOT/bench/target/benchmarks.jar"
M2="${M2_REPO:-$HOME/.m2/repository}"
SDK_JAR="$M2/org/apache/rocketmq/rocketmq-client-java/$GRPC_CLIENT_VERSION/rocketmq-client-java-$GRPC_CLIENT_VERSION.jar"
WORK="$(mktemp -d /tmp/bolide-grpc.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
source "$ROOT/bench/scripts/servers.sh"
PROXY_LIB="$ROOT/bench/target/apache-proxy-lib-$APACHE_VERSION"
bench_setup
fetch_jars "$ROOT/bench/e2e/apache-proxy/pom.xml" "$PROXY_LIB" "rocketmq-proxy-$APACHE_VERSION.jar"
[ -f "$SDK_JAR" ] || mvn -q dependency:get \
  -Dartifact="org.apache.rocketmq:rocketmq-client-java:$GRPC_CLIENT_VERSION"

# Apache: its name server, then rocketmq-proxy in local mode with the broker of DIR/broker.conf
# inside its JVM (ProxyStartup -pm local -bc), gRPC on GRPC_PORT.
start_apache() { # dir
  local dir=$1
  apache_broker_conf "$dir" "$NS_PORT" "$BROKER_PORT"
  start_apache_namesrv "$dir" "$NS_PORT"
  printf '{"rocketMQClusterName":"DefaultCluster","proxyMode":"local","namesrvAddr":"127.0.0.1:%s","grpcServerPort":%s,"remotingListenPort":%s}\n' \
    "$NS_PORT" "$GRPC_PORT" "$PROXY_REMOTING_PORT" > "$dir/rmq-proxy.json"
  # shellcheck disable=SC2086 # PROXY_JAVA_OPTS is a list of JVM options
  ROCKETMQ_HOME="$dir" java "${JVM[@]}" ${PROXY_JAVA_OPTS:-} -Duser.home="$dir" \
    -Drocketmq.home.dir="$dir" -cp "$PROXY_LIB/*" org.apache.rocketmq.proxy.ProxyStartup \
    -pm local -pc "$dir/rmq-proxy.json" -bc "$dir/broker.conf" -n "127.0.0.1:$NS_PORT" \
    > "$dir/proxy.out" 2>&1 &
  local proxy=$!
  SERVER_PIDS+=("$proxy")
  wait_port "$BROKER_PORT" 120
  wait_port "$GRPC_PORT" 120
  PIDS="$proxy,$NS_PID"
}

start_bolide() { # dir
  local dir=$1
  start_bolide_dist "$dir" "$NS_PORT" "$BROKER_PORT" --grpc-port "$GRPC_PORT"
  wait_port "$GRPC_PORT" 120
  PIDS="$BROKER_PID"
}

run_one() { # impl
  local impl=$1 dir="$WORK/$1"
  mkdir -p "$dir/client"
  echo "== $impl: ${SECONDS_PER_PHASE}s, $THREADS senders, $CONSUMERS receivers, $SIZE bytes" >&2
  "start_$impl" "$dir"
  java "${JVM[@]}" -Duser.home="$dir/client" -Drocketmq.log.root="$dir/client/logs" \
    -cp "$SDK_JAR:$JAR" io.bolide.bench.e2e.GrpcLoad \
    --endpoint "127.0.0.1:$GRPC_PORT" --namesrv "127.0.0.1:$NS_PORT" --threads "$THREADS" \
    --consumers "$CONSUMERS" --batch "$BATCH" --size "$SIZE" --warmup "$WARMUP" \
    --duration "$SECONDS_PER_PHASE" --drain "$DRAIN" --pids "$PIDS" --clk-tck "$CLK_TCK" \
    --out "$OUT/$impl.properties" > "$dir/load.out" 2>&1 \
    || echo "load generator failed against $impl" >&2
  keep_logs "$impl" "$dir"
}

rm -f "$OUT"/*.properties
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
for impl in ${IMPLS:-apache bolide}; do
  run_one "$impl"
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $LOAD_BEFORE at start, $(cut -d' ' -f1-3 /proc/loadavg) at end, nice $(nice), $(java -version 2>&1 | head -1)"
  echo "# bench/run-grpc.sh $SECONDS_PER_PHASE (THREADS=$THREADS CONSUMERS=$CONSUMERS BATCH=$BATCH SIZE=$SIZE WARMUP=$WARMUP HEAP=$HEAP GRPC_CLIENT_VERSION=$GRPC_CLIENT_VERSION)"
  echo
  APACHE_VERSION="$APACHE_VERSION" python3 bench/scripts/grpc_table.py "$OUT"
} | tee "$OUT/table.md"
