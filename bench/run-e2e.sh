#!/usr/bin/env bash
# End-to-end benchmark (issue #5 item 8): the official RocketMQ 5.4.0 Java client against Apache
# RocketMQ $APACHE_VERSION (default 5.5.0; name server + broker fetched from Maven Central) and against Bolide, one after
# the other on this machine, same heap limit, same scenario, then a side-by-side Markdown table.
#
#   bench/run-e2e.sh [live-seconds] [backlog-seconds]          (defaults 30 and 30)
#
# Environment: THREADS=64 SIZE=1024 WARMUP=10 HEAP=1g IMPLS="apache bolide" APACHE_VERSION=5.5.0
#   (the Apache broker and name server compared against; 5.4.0 reproduces the earlier rows)
#   LOAD_JAVA_OPTS / SERVER_JAVA_OPTS -> extra JVM options for the load generator / Bolide's JVM
#             (e.g. -XX:StartFlightRecording=filename=x.jfr,settings=profile to profile either side)
#   RATE=0 -> live-phase sends unpaced (each broker at its own maximum); RATE=N -> N messages/s
#             offered in total, the same load for both brokers (latencies comparable)
#   NS_PORT=19876 BROKER_PORT=20911 (Apache also binds BROKER_PORT-2 and BROKER_PORT+1)
#   BOLIDE_LAUNCHER=dist   -> ./bolide start --namesrv-port --broker-port --data (default; how
#                             users start it; BOLIDE_HEAP and JAVA_OPTS carry the same JVM options)
#   BOLIDE_LAUNCHER=bench  -> io.bolide.bench.e2e.BolideServer (name server + broker, one JVM)
#   ACL=1 -> both brokers with ACL 2.0 authentication + authorization on (one Super user, the
#            reference's local metadata providers on Apache) and the load generator signing with
#            AclClientRPCHook; TAG=-x -> results in bench/target/e2e/<impl>-x.properties
#   WARM_CLIENT=1 -> the start-up client warms its send path on a throwaway in-process broker
#                    first; 0 -> a cold client (its own first-use cost, ~0.3 s, counts too)
#   SKIP_BUILD=1 -> use the jars and the class-data-sharing archive an earlier run built (a
#                   script calling this one repeatedly builds once: bench/run-acl.sh)
#   METRICS=1 -> Bolide's broker serves its Prometheus endpoint (metricsExporterType=PROM on
#                127.0.0.1:$METRICS_PORT, default 25557) and a scraper reads it every second while
#                the load runs (bench/run-metrics.sh compares that with METRICS=0); Apache unchanged
#   CONSUME_MODE=POP -> both phases' push consumers in POP mode (issue #17): each group set to POP on
#            the topic's broker(s) first (SET_MESSAGE_REQUEST_MODE, what `mqadmin setConsumeMode -m POP
#            -q 0` sends; Apache and Bolide alike), the consumer on the broker's assignment
#            (clientRebalance=false), popping with long polling and acknowledging each message;
#            results tagged -pop (TAG) and the table with the issue's POP targets. Default PULL.
#   BACKLOG_MESSAGES=N -> the backlog phase fills N messages (bounded by DRAIN seconds) instead of
#            filling for backlog-seconds, so both brokers drain the same backlog (0: by time)
#   DRAIN=120 -> seconds a consumer may take to receive all (the backlog phase's bound)
#   TLS=1 -> every port enforces TLS with a certificate made for the run (openssl), given to both
#            brokers the reference's way (-Dtls.server.mode=enforcing -Dtls.server.certPath=...
#            -Dtls.test.mode.enable=false); brokers register over TLS; the load generator runs
#            with -Dtls.enable=true (docs/security.md)
#
# Per phase: live = N producer threads sync-sending S-byte messages for live-seconds (after WARMUP)
# while a push consumer receives them (end-to-end latency from the born timestamp, ms resolution);
# backlog = the same producers fill a second topic for backlog-seconds, then a new push consumer
# group drains it from the first offset (consume TPS from first to last delivery).
# Broker CPU per message = (utime+stime) delta of the server JVM(s) over the phase from
# /proc/PID/stat, divided by messages; peak RSS = VmHWM. Start-up = process launch until a
# producer (already running: it waits for the name server port with a bare TCP connect every 5 ms,
# then retries a send every 5 ms) has its first successful send.
# Outputs, logs and the table land in bench/target/e2e; data in a temp dir removed at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LIVE="${1:-30}"
BACKLOG="${2:-30}"
THREADS="${THREADS:-64}"
RATE="${RATE:-0}"
SIZE="${SIZE:-1024}"
WARMUP="${WARMUP:-10}"
LAUNCHER="${BOLIDE_LAUNCHER:-dist}"
ACL="${ACL:-0}"
CONSUME_MODE="${CONSUME_MODE:-PULL}"
TAG="${TAG:-}"
if [ "$CONSUME_MODE" = POP ] && [ -z "$TAG" ]; then
  TAG=-pop
fi
METRICS="${METRICS:-0}"
METRICS_PORT="${METRICS_PORT:-25557}"
ACL_USER='{"username":"bench","password":"bench-secret-1"}'
ACL_INNER='{"accessKey":"bench-inner","secretKey":"bench-inner-1"}'
if [ "$ACL" = 1 ]; then
  LOAD_JAVA_OPTS="${LOAD_JAVA_OPTS:-} -Dbench.accessKey=bench -Dbench.secretKey=bench-secret-1"
fi
# Start-up timing: the waiting client first sends to a throwaway in-process broker (1), so its own
# first-use cost (about 0.3 s) is not counted against the broker being timed; 0 times a cold client.
WARM_CLIENT="${WARM_CLIENT:-1}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
OUT="$ROOT/bench/target/e2e"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-e2e.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
source "$ROOT/bench/scripts/servers.sh"
TLS="${TLS:-0}"
TLS_OPTS=()
if [ "$TLS" = 1 ]; then
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 \
    -subj /CN=localhost -keyout "$WORK/tls.key" -out "$WORK/tls.crt" 2> /dev/null
  TLS_OPTS=(-Dtls.server.mode=enforcing -Dtls.test.mode.enable=false
    -Dtls.server.certPath="$WORK/tls.crt" -Dtls.server.keyPath="$WORK/tls.key")
  SERVER_JAVA_OPTS="${SERVER_JAVA_OPTS:-} ${TLS_OPTS[*]}"
  APACHE_JAVA_OPTS+=("${TLS_OPTS[@]}")
  LOAD_JAVA_OPTS="${LOAD_JAVA_OPTS:-} -Dtls.enable=true"
  WARM_CLIENT=0 # its warm-up broker is a plain in-process one, which tls.enable cannot reach
fi

SKIP_BUILD="${SKIP_BUILD:-0}"
# Both launchers' jars are built here, so ./bolide start does not build inside the timed start-up.
bench_setup

start_apache() { # dir
  local dir=$1
  local acl=()
  if [ "$ACL" = 1 ]; then
    acl=(authenticationEnabled=true authorizationEnabled=true
      authenticationProvider=org.apache.rocketmq.auth.authentication.provider.DefaultAuthenticationProvider
      authenticationMetadataProvider=org.apache.rocketmq.auth.authentication.provider.LocalAuthenticationMetadataProvider
      authorizationProvider=org.apache.rocketmq.auth.authorization.provider.DefaultAuthorizationProvider
      authorizationMetadataProvider=org.apache.rocketmq.auth.authorization.provider.LocalAuthorizationMetadataProvider
      "authConfigPath=$dir/store/config" "initAuthenticationUser=$ACL_USER"
      "innerClientAuthenticationCredentials=$ACL_INNER")
  fi
  apache_broker_conf "$dir" "$NS_PORT" "$BROKER_PORT" "${acl[@]}"
  start_apache_namesrv "$dir" "$NS_PORT"
  BROKER_LAUNCH=$(now_ms)
  start_apache_broker "$dir"
  PIDS="$BROKER_PID,$NS_PID"
}

start_bolide() { # dir
  local dir=$1
  BROKER_LAUNCH=$(now_ms)
  local acl=()
  if [ "$ACL" = 1 ] || [ "$METRICS" = 1 ]; then
    mkdir -p "$dir"
    : > "$dir/bolide.conf"
    acl=(-c "$dir/bolide.conf")
  fi
  if [ "$ACL" = 1 ]; then
    printf 'authenticationEnabled=true\nauthorizationEnabled=true\ninitAuthenticationUser=%s\ninnerClientAuthenticationCredentials=%s\n' \
      "$ACL_USER" "$ACL_INNER" >> "$dir/bolide.conf"
  fi
  if [ "$METRICS" = 1 ]; then
    printf 'metricsExporterType=PROM\nmetricsPromExporterHost=127.0.0.1\nmetricsPromExporterPort=%s\n' \
      "$METRICS_PORT" >> "$dir/bolide.conf"
  fi
  if [ "$LAUNCHER" = dist ]; then
    start_bolide_dist "$dir" "$NS_PORT" "$BROKER_PORT" "${acl[@]}"
  else
    mkdir -p "$dir/store"
    java "${JVM[@]}" "${TLS_OPTS[@]}" -Duser.home="$dir" -cp "$JAR" io.bolide.bench.e2e.BolideServer \
      "$NS_PORT" "$BROKER_PORT" "$dir/store" > "$dir/broker.out" 2>&1 &
    BROKER_PID=$!
    SERVER_PIDS+=("$BROKER_PID")
  fi
  PIDS="$BROKER_PID"
}

# Reads the metrics endpoint every second, as a Prometheus server would (bash's /dev/tcp: no curl
# needed); the broker's share of the work lands in its /proc CPU time like any other.
scrape_every_second() { # port out
  while :; do
    # In a subshell: a failed redirection (endpoint not up) would end this loop's shell.
    ( exec 3<> "/dev/tcp/127.0.0.1/$1"
      printf 'GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
      cat <&3 > "$2.tmp" && mv "$2.tmp" "$2" ) 2> /dev/null || true
    sleep 1
  done
}

load() { # dir args...
  local dir=$1; shift
  # shellcheck disable=SC2086
  java "${JVM[@]}" ${LOAD_JAVA_OPTS:-} -Duser.home="$dir/client" -cp "$JAR" io.bolide.bench.e2e.E2eLoad \
    --namesrv "127.0.0.1:$NS_PORT" --size "$SIZE" --clk-tck "$CLK_TCK" "$@"
}

run_one() { # impl
  local impl=$1 dir="$WORK/$1"
  mkdir -p "$dir/client"
  echo "== $impl: start-up" >&2
  load "$dir" --mode firstsend --topic StartupTopic --drain 120 --warm-client "$WARM_CLIENT" \
    > "$dir/firstsend.out" 2>&1 &
  local first=$!
  until grep -q READY "$dir/firstsend.out"; do
    kill -0 "$first" 2>/dev/null || { cat "$dir/firstsend.out" >&2; return 1; }
    sleep 0.02
  done
  local launched
  launched=$(now_ms)
  "start_$impl" "$dir"
  wait "$first" || true
  local ok
  ok=$(sed -n 's/^first_send_epoch_ms=//p' "$dir/firstsend.out")
  echo "== $impl: live ${LIVE}s + backlog ${BACKLOG}s, $THREADS threads, $SIZE bytes" >&2
  local scraper=""
  if [ "$METRICS" = 1 ] && [ "$impl" = bolide ]; then
    scrape_every_second "$METRICS_PORT" "$dir/last-scrape.out" &
    scraper=$!
  fi
  load "$dir" --mode run --topic BenchTopic --threads "$THREADS" --rate "$RATE" --warmup "$WARMUP" \
    --duration "$LIVE" --backlog "$BACKLOG" --consume-mode "$CONSUME_MODE" --drain "${DRAIN:-120}" \
    --backlog-messages "${BACKLOG_MESSAGES:-0}" --pids "$PIDS" \
    --out "$OUT/$impl$TAG.properties" \
    > "$dir/load.out" 2>&1 || { echo "load generator failed against $impl" >&2; }
  if [ -n "$scraper" ]; then
    kill "$scraper" 2>/dev/null || true
    wait "$scraper" 2>/dev/null || true
    echo "metrics_scrape_bytes=$(wc -c < "$dir/last-scrape.out" 2>/dev/null || echo 0)" \
      >> "$OUT/$impl$TAG.properties"
  fi
  if [ -n "$ok" ]; then
    echo "startup_ms=$(( ok - launched ))" >> "$OUT/$impl$TAG.properties"
    echo "startup_broker_ms=$(( ok - BROKER_LAUNCH ))" >> "$OUT/$impl$TAG.properties"
  fi
  keep_logs "$impl" "$dir"
}

rm -f "$OUT"/*"$TAG".properties
START_LOAD="$(cut -d' ' -f1-3 /proc/loadavg)"
# A user's first ./bolide start records the class-data-sharing archive that every later start maps
# (see the bolide script); the build above deleted it, so one untimed start-stop records it again
# and the timed start-up is that of every start after the first.
source "$ROOT/bench/scripts/bolide-start-until-ready.sh"
prime_bolide() {
  local dir="$WORK/prime"
  mkdir -p "$dir"
  BOLIDE_HEAP="$HEAP" bolide_start_until_ready "$dir/out" \
    --namesrv-port "$NS_PORT" --broker-port "$BROKER_PORT" --data "$dir/store"
}
if [ "$SKIP_BUILD" != 1 ] && [ "$LAUNCHER" = dist ] && [[ " ${IMPLS:-apache bolide} " == *" bolide "* ]]; then
  prime_bolide
fi

for impl in ${IMPLS:-apache bolide}; do
  run_one "$impl"
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $START_LOAD at start, $(cut -d' ' -f1-3 /proc/loadavg) at end, $(java -version 2>&1 | head -1)"
  echo "# bench/run-e2e.sh $LIVE $BACKLOG (THREADS=$THREADS RATE=$RATE SIZE=$SIZE WARMUP=$WARMUP HEAP=$HEAP BOLIDE_LAUNCHER=$LAUNCHER TLS=$TLS METRICS=$METRICS CONSUME_MODE=$CONSUME_MODE BACKLOG_MESSAGES=${BACKLOG_MESSAGES:-0} NS_PORT=$NS_PORT BROKER_PORT=$BROKER_PORT)"
  echo
  APACHE_VERSION="$APACHE_VERSION" CONSUME_MODE="$CONSUME_MODE" python3 bench/scripts/e2e_table.py "$OUT/apache$TAG.properties" "$OUT/bolide$TAG.properties"
} | tee "$OUT/table$TAG.md"
