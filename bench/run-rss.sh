#!/usr/bin/env bash
# Resident memory while data is written (issue #18, "Fix what bends: resident memory"): about
# GIGABYTES of messages sent through the official RocketMQ 5.4.0 Java client (bench/run-e2e.sh's
# load generator, mode fill) to Apache RocketMQ $APACHE_VERSION (default 5.5.0) and to Bolide, one
# after the other on this machine, same heap limit; the broker's VmRSS, RssAnon and RssFile (from
# /proc/PID/status) sampled every second during the fill and for SETTLE seconds after it, then a
# side-by-side Markdown table.
#
#   bench/run-rss.sh [gigabytes]                                    (default 10)
#
# Environment: SIZE=4096 (message bytes) THREADS=32 HEAP=1g SETTLE=15 IMPLS="apache bolide"
#   BOLIDE_CONF="key=value ..." -> extra lines of Bolide's broker.conf (e.g. mappedMemoryLimit=0
#                                   to see the resident set without a limit)
#   NS_PORT=19876 BROKER_PORT=20911 SKIP_BUILD=1 (use the jars of an earlier build)
# Each broker's data lives in a temp dir removed as soon as its run ends (the disk holds one
# broker's GIGABYTES at a time). Samples, logs and the table land in bench/target/rss.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
GB="${1:-10}"
SIZE="${SIZE:-4096}"
THREADS="${THREADS:-32}"
SETTLE="${SETTLE:-15}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
OUT="$ROOT/bench/target/rss"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-rss.XXXXXX)"
source "$ROOT/bench/scripts/servers.sh"
bench_setup

start_apache() { # dir
  apache_broker_conf "$1" "$NS_PORT" "$BROKER_PORT"
  start_apache_namesrv "$1" "$NS_PORT"
  start_apache_broker "$1"
  wait_port "$BROKER_PORT" 120
}

start_bolide() { # dir
  mkdir -p "$1"
  : > "$1/bolide.conf"
  for pair in ${BOLIDE_CONF:-}; do echo "$pair" >> "$1/bolide.conf"; done
  start_bolide_dist "$1" "$NS_PORT" "$BROKER_PORT" -c "$1/bolide.conf"
}

# One line per second: seconds since start, phase, VmRSS, RssAnon, RssFile (KiB).
sample() { # pid csv phase-file
  local start
  start=$(date +%s)
  while kill -0 "$1" 2> /dev/null; do
    awk -v t=$(( $(date +%s) - start )) -v phase="$(cat "$3")" \
      '/^VmRSS/{r=$2} /^RssAnon/{a=$2} /^RssFile/{f=$2} END{print t","phase","r","a","f}' \
      "/proc/$1/status" >> "$2" 2> /dev/null || true
    sleep 1
  done
}

run_one() { # impl
  local impl=$1 dir="$WORK/$1"
  mkdir -p "$dir/client"
  "start_$impl" "$dir"
  local csv="$OUT/$impl.csv"
  echo "seconds,phase,vmrss_kib,rssanon_kib,rssfile_kib" > "$csv"
  echo fill > "$dir/phase"
  sample "$BROKER_PID" "$csv" "$dir/phase" &
  local sampler=$!
  echo "== $impl: fill ${GB} GB of $SIZE-byte messages, $THREADS threads" >&2
  java "${JVM[@]}" -Duser.home="$dir/client" -cp "$JAR" io.bolide.bench.e2e.E2eLoad \
    --mode fill --namesrv "127.0.0.1:$NS_PORT" --topic RssTopic --threads "$THREADS" \
    --size "$SIZE" --bytes "$(( GB * 1000000000 ))" --drain 1200 --out "$OUT/$impl.properties" \
    > "$dir/load.out" 2>&1 || echo "load generator failed against $impl" >&2
  echo after > "$dir/phase"
  sleep "$SETTLE"
  du -sb "$dir/store" 2> /dev/null | awk '{print "store_bytes=" $1}' >> "$OUT/$impl.properties"
  kill "$sampler" 2> /dev/null || true
  wait "$sampler" 2> /dev/null || true
  keep_logs "$impl" "$dir"
}

for impl in ${IMPLS:-apache bolide}; do
  run_one "$impl"
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-rss.sh $GB (SIZE=$SIZE THREADS=$THREADS HEAP=$HEAP SETTLE=$SETTLE BOLIDE_CONF='${BOLIDE_CONF:-}')"
  echo
  SIZE="$SIZE" APACHE_VERSION="$APACHE_VERSION" python3 bench/scripts/rss_table.py "$OUT"
} | tee "$OUT/table.md"
