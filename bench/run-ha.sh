#!/usr/bin/env bash
# Replication benchmark (issue #14): a master with one slave, Apache RocketMQ $APACHE_VERSION
# (default 5.5.0) and Bolide one after the other in the same run, same client (the official 5.4.0
# Java client of bench/run-e2e.sh), same heap, then a side-by-side Markdown table.
#
#   bench/run-ha.sh [live-seconds] [catchup-mb]                  (defaults 20 and 1024)
#
# Environment: THREADS=64 SIZE=1024 WARMUP=5 HEAP=1g IMPLS="apache bolide" FILL_SIZE=262144
#   NS_PORT=19876 BROKER_PORT=20911 (master; HA port +1) SLAVE_PORT=21911 (HA port +1)
#   SKIP_BUILD=1 -> use the jars of an earlier `mvn package -pl bench,dist -am`
#   BOLIDE_MASTER_CONF="k=v ..." -> extra broker.conf lines for Bolide's master (e.g.
#   metricsExporterType=PROM to read its send latency from /metrics during a run)
#   PHASES="sync async" -> PHASES=sync runs the SYNC_MASTER phase alone (profiling, quick checks)
#
# Per implementation:
#   sync    SYNC_MASTER + slave; THREADS producer threads sync-send SIZE-byte messages for
#           live-seconds after WARMUP (no consumer): throughput, send p50/p99, and CPU per message
#           of master + name server + slave together ((utime+stime) deltas from /proc). Apache's
#           SYNC_MASTER waits for a slave only with inSyncReplicas=2 (its default, 1, answers at
#           once: docs/replication.md), so it runs with inSyncReplicas=2; every non-SEND_OK answer
#           counts as an error.
#   async   ASYNC_MASTER + slave, the same load; the slave's lag sampled every 20 ms from both
#           brokers' commitLogMaxOffset (GET_BROKER_RUNTIME_INFO): bytes behind, and ms since the
#           master's end passed the slave's (resolution: the sampling interval).
#   catchup the async pair's slave is stopped, catchup-mb MB of FILL_SIZE-byte messages are sent
#           to the master, the slave restarts: MB/s from its first replicated byte until it holds
#           the master's end (MB = 10^6 bytes).
# The disk ceiling is measured in the same run: dd of catchup-mb MB with oflag=direct (and fio
# sequential 1 MiB writes when fio is installed). The load average is in the table's header.
# Outputs, logs and the table land in bench/target/ha; data in a temp dir removed at exit.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
LIVE="${1:-20}"
CATCHUP_MB="${2:-1024}"
THREADS="${THREADS:-64}"
SIZE="${SIZE:-1024}"
WARMUP="${WARMUP:-5}"
FILL_SIZE="${FILL_SIZE:-262144}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
SLAVE_PORT="${SLAVE_PORT:-21911}"
OUT="$ROOT/bench/target/ha"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-ha.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
MASTER="127.0.0.1:$BROKER_PORT"
SLAVE="127.0.0.1:$SLAVE_PORT"
source "$ROOT/bench/scripts/servers.sh"
bench_setup

load() { # dir args...
  local dir=$1; shift
  java "${JVM[@]}" -Duser.home="$dir/client" -cp "$JAR" io.bolide.bench.e2e.E2eLoad \
    --namesrv "127.0.0.1:$NS_PORT" --clk-tck "$CLK_TCK" "$@"
}

# Starts master (ROLE) + name server + slave of IMPL under DIR; sets MASTER_PID, NS_PIDS, SLAVE_PID.
start_pair() { # impl dir role
  local impl=$1 dir=$2 role=$3
  if [ "$impl" = apache ]; then
    apache_broker_conf "$dir/master" "$NS_PORT" "$BROKER_PORT" "brokerRole=$role" \
      "haListenPort=$(( BROKER_PORT + 1 ))" inSyncReplicas=2
    start_apache_namesrv "$dir/master" "$NS_PORT"
    NS_PIDS=",$NS_PID"
    start_apache_broker "$dir/master"
    MASTER_PID=$BROKER_PID
    wait_port "$BROKER_PORT" 120
  else
    # shellcheck disable=SC2086 # BOLIDE_MASTER_CONF is a list of key=value words
    bolide_broker_conf "$dir/master" "$NS_PORT" "$BROKER_PORT" "brokerRole=$role" \
      ${BOLIDE_MASTER_CONF:-}
    start_bolide_dist "$dir/master" "$NS_PORT" "$BROKER_PORT" -c "$dir/master/broker.conf"
    NS_PIDS=""
    MASTER_PID=$BROKER_PID
  fi
  start_slave "$impl" "$dir"
}

start_slave() { # impl dir
  local impl=$1 dir=$2
  if [ "$impl" = apache ]; then
    [ -f "$dir/slave/broker.conf" ] || apache_slave_conf "$dir/slave" "$NS_PORT" "$SLAVE_PORT"
    start_apache_broker "$dir/slave"
    wait_port "$SLAVE_PORT" 120
  else
    [ -f "$dir/slave/broker.conf" ] || bolide_broker_conf "$dir/slave" "$NS_PORT" "$SLAVE_PORT" \
      brokerId=1 brokerRole=SLAVE "haMasterAddress=127.0.0.1:$(( BROKER_PORT + 1 ))"
    start_bolide_broker "$dir/slave" "$SLAVE_PORT"
  fi
  SLAVE_PID=$BROKER_PID
}

# Waits until the slave holds everything the master has (at most 60 s); prints the offset.
await_in_sync() { # dir
  local deadline=$(( $(date +%s) + 60 )) m s
  while [ "$(date +%s)" -lt "$deadline" ]; do
    load "$1" --mode offset --master "$MASTER" --slave "$SLAVE" > "$1/offset.out" 2>&1 || true
    m=$(sed -n 's/^offset.master=//p' "$1/offset.out")
    s=$(sed -n 's/^offset.slave=//p' "$1/offset.out")
    if [ -n "$m" ] && [ "$m" -gt 0 ] && [ "$s" = "$m" ]; then echo "$s"; return 0; fi
    sleep 0.5
  done
  echo "slave not in sync: master $m slave $s" >&2
  return 1
}

live() { # impl dir phase [load args ...]
  local impl=$1 dir=$2 phase=$3
  shift 3
  load "$dir" "$@" --mode run --topic "HaBench" --threads "$THREADS" --size "$SIZE" \
    --warmup "$WARMUP" --duration "$LIVE" --backlog 0 --consume 0 \
    --pids "$MASTER_PID$NS_PIDS,$SLAVE_PID" --out "$OUT/$impl-$phase.properties" \
    > "$dir/$phase.out" 2>&1 || echo "load generator failed against $impl ($phase)" >&2
}

run_one() { # impl
  local impl=$1 dir="$WORK/$1"
  mkdir -p "$dir/client"
  echo "== $impl: SYNC_MASTER + slave, ${LIVE}s, $THREADS threads, $SIZE bytes" >&2
  start_pair "$impl" "$dir/sync" SYNC_MASTER
  live "$impl" "$dir" sync
  stop_servers
  keep_logs "$impl-sync" "$dir/sync"
  cp "$dir/sync.out" "$OUT/$impl-sync-logs/" 2>/dev/null || true
  rm -rf "$dir/sync"
  case " ${PHASES:-sync async} " in *" async "*) ;; *) rm -rf "$dir"; return 0 ;; esac

  echo "== $impl: ASYNC_MASTER + slave, ${LIVE}s, lag sampled" >&2
  start_pair "$impl" "$dir/async" ASYNC_MASTER
  live "$impl" "$dir" async --master "$MASTER" --slave "$SLAVE"
  echo "== $impl: slave away, ${CATCHUP_MB} MB sent, slave back" >&2
  local from
  from=$(await_in_sync "$dir")
  stop_server "$SLAVE_PID"
  load "$dir" --mode fill --topic HaFill --threads 8 --size "$FILL_SIZE" \
    --bytes $(( CATCHUP_MB * 1000000 )) --drain 240 > "$dir/fill.out" 2>&1
  # The probe starts first and times from the slave's first replicated byte.
  load "$dir" --mode catchup --master "$MASTER" --slave "$SLAVE" --bytes "$from" --drain 240 \
    --out "$OUT/$impl-catchup.properties" > "$dir/catchup.out" 2>&1 &
  local probe=$!
  start_slave "$impl" "$dir/async"
  wait "$probe" || echo "catch-up probe failed against $impl" >&2
  grep '^fill\.' "$dir/fill.out" >> "$OUT/$impl-catchup.properties" || true
  stop_servers
  keep_logs "$impl-async" "$dir/async"
  cp "$dir"/*.out "$OUT/$impl-async-logs/" 2>/dev/null || true
  rm -rf "$dir"
}

keep_logs() { # name dir
  rm -rf "$OUT/$1-logs" && mkdir -p "$OUT/$1-logs"
  for role in master slave; do
    cp "$2/$role/broker.out" "$OUT/$1-logs/$role-broker.out" 2>/dev/null || true
    cp -r "$2/$role/logs" "$OUT/$1-logs/$role-server-logs" 2>/dev/null || true
  done
}

disk_ceiling() {
  local mb=$CATCHUP_MB
  dd if=/dev/zero of="$WORK/dd.bin" bs=1M count="$mb" oflag=direct 2>&1 | tail -1 \
    | sed -n 's/.*, \([0-9.]*\) \([MG]B\)\/s$/\1 \2\/s/p' > "$OUT/disk.txt"
  rm -f "$WORK/dd.bin"
  if command -v fio > /dev/null; then
    fio --name=seq --filename="$WORK/fio.bin" --rw=write --bs=1M --size="${mb}M" --direct=1 \
      --output-format=terse 2>/dev/null | cut -d';' -f48 | sed 's/$/ KB\/s (fio)/' >> "$OUT/disk.txt"
    rm -f "$WORK/fio.bin"
  fi
}

rm -f "$OUT"/*.properties
LOAD_BEFORE="$(cut -d' ' -f1-3 /proc/loadavg)"
case " ${PHASES:-sync async} " in *" async "*) disk_ceiling ;; *) : > "$OUT/disk.txt" ;; esac
for impl in ${IMPLS:-apache bolide}; do
  run_one "$impl"
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $LOAD_BEFORE at start, $(cut -d' ' -f1-3 /proc/loadavg) at end, $(java -version 2>&1 | head -1)"
  echo "# bench/run-ha.sh $LIVE $CATCHUP_MB (THREADS=$THREADS SIZE=$SIZE WARMUP=$WARMUP HEAP=$HEAP FILL_SIZE=$FILL_SIZE)"
  echo "# disk ceiling (dd oflag=direct, ${CATCHUP_MB} MB): $(paste -sd';' "$OUT/disk.txt")"
  echo
  APACHE_VERSION="$APACHE_VERSION" python3 bench/scripts/ha_table.py "$OUT"
} | tee "$OUT/table.md"
