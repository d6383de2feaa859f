#!/usr/bin/env bash
# Scale curves (issue #18): how cost grows with topics, connections, consumer groups, message size,
# backlog read from disk, durability and restart, each point run against Apache RocketMQ
# $APACHE_VERSION (default 5.5.0; a name server and a broker from the Maven Central jars) and
# against Bolide (`./bolide namesrv` and `./bolide broker`, two processes as Apache's), one after the
# other in the same run with the same official 5.4.0 client; then Markdown tables and PNG plots.
#
#   bench/run-curves.sh                 (the issue's points; not run end to end yet)
#   QUICK=1 bench/run-curves.sh         (smaller points; end to end in 26 min on a quiet 2-core
#                                        host, see docs/benchmarks.md)
#   PORT_WAIT=300 when the host is loaded: an Apache start took over 120 s at load 60.
#
# Environment: CURVES="1 2 3 4 5 6" (5 also times the restarts of curve 7) HEAP=1g
#   IMPLS="apache bolide" NS_PORT=49876 BROKER_PORT=49911 (Apache also binds BROKER_PORT-2 and +1)
#   DURATION (measured seconds per point) WARMUP SKIP_BUILD=1 TOPICS_50K=1 (adds 50,000 topics)
#   IDLE_PER_JVM=100 (curve 2: idle client instances per load-generator JVM; more run in children)
#   KEEP=1 -> keep earlier points' results (to rerun some curves or points and report all)
#   TOPICS="..." CLIENTS="..." CONSUMER_GROUPS="..." SIZES="..." BACKLOG_MB="..." SYNC_THREADS="..."
#          -> these points instead of the mode's
#
# Every point records throughput, send p99, broker CPU per message (utime+stime of the broker JVM
# over the measured window from /proc/PID/stat, divided by messages), the broker's VmRSS, RssAnon and
# RssFile at the end, and the name server's CPU in the window; the host's 1-minute load average is
# appended to each point (the machine is shared). The curves:
#  1 topics     N topics of 8 queues created through UPDATE_AND_CREATE_TOPIC (TopicLoad: creation
#               time, route ready, registration bytes), then 8 producer threads sending over all N:
#               route-query latency, memory per topic.
#  2 clients    N idle producer instances (each a connection to the name server and one to the
#               broker, heartbeats every 30 s) plus 8 busy threads at 1,000 msg/s: their p99,
#               memory per connection.
#  3 groups     N push consumer groups on one topic, 200 msg/s sent: CPU per delivered message,
#               stored-to-arrived (pull) latency p99.
#  4 size       8 threads unpaced at each message size: MB/s vs the disk's O_DIRECT ceiling (dd).
#  5 backlog    fill N MB of 4 KiB messages, kill -9 the broker, time its restart to the first
#  + 7 restart  send; stop it cleanly, evict the store from the page cache (posix_fadvise
#               DONTNEED), time the restart; evict again; a new group drains from the first
#               offset: MB/s and CPU per message read from disk.
#  6 durability flushDiskType=SYNC_FLUSH at 1 / 8 / 64 threads vs the disk's fdatasync ceiling.
# Results, logs and the tables land in bench/target/curves; the PNGs in docs/curves/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
# A shared machine: the whole run yields to other work.
renice -n 10 $$ > /dev/null
QUICK="${QUICK:-0}"
NS_PORT="${NS_PORT:-49876}"
BROKER_PORT="${BROKER_PORT:-49911}"
CURVES="${CURVES:-1 2 3 4 5 6}"
# Curve 2's idle client instances per load-generator JVM (each instance is ~8 threads).
IDLE_PER_JVM="${IDLE_PER_JVM:-100}"
IMPLS="${IMPLS:-apache bolide}"
OVERRIDES=""
for list in TOPICS CLIENTS CONSUMER_GROUPS SIZES BACKLOG_MB SYNC_THREADS; do
  [ -z "${!list:-}" ] || OVERRIDES+="${list/#CONSUMER_GROUPS/GROUPS_}=(${!list}); "
done
if [ "$QUICK" = 1 ]; then
  TOPICS=(10 100 1000); CLIENTS=(10 100 400); GROUPS_=(1 10 50)
  SIZES=(128 1024 65536 1048576 4194304); BACKLOG_MB=(256 1024); SYNC_THREADS=(1 8 64)
  DURATION="${DURATION:-8}"; WARMUP="${WARMUP:-3}"; SETTLE=5
else
  TOPICS=(10 1000 10000); CLIENTS=(10 1000 5000); GROUPS_=(1 10 100)
  SIZES=(128 1024 65536 1048576 4194304); BACKLOG_MB=(1024 10240); SYNC_THREADS=(1 8 64)
  DURATION="${DURATION:-20}"; WARMUP="${WARMUP:-5}"; SETTLE=30
  [ "${TOPICS_50K:-0}" != 1 ] || TOPICS+=(50000)
fi
# Explicit point lists win over both modes' (e.g. CONSUMER_GROUPS="1 10" BACKLOG_MB=512).
[ -z "$OVERRIDES" ] || eval "$OVERRIDES"
OUT="$ROOT/bench/target/curves"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-curves.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
source "$ROOT/bench/scripts/servers.sh"
source "$ROOT/bench/scripts/curves.sh"
bench_setup
mkdir -p "$ROOT/docs/curves"
# matplotlib for the plots, in a venv of its own (pip from PyPI), made once.
VENV="$ROOT/bench/target/curves-venv"
[ -x "$VENV/bin/python" ] && "$VENV/bin/python" -c 'import matplotlib' 2> /dev/null \
  || { python3 -m venv "$VENV" && "$VENV/bin/pip" -q install matplotlib; }
[ "${KEEP:-0}" = 1 ] || rm -f "$OUT"/*.properties
STARTED=$(date +%s)

curve_topics() { # impl n
  start_pair "$1" "$WORK/c1"
  bench_java TopicLoad --broker "127.0.0.1:$BROKER_PORT" --count "$2" --queues 8 --settle "$SETTLE" \
    --broker-pid "$BROKER_PID" --namesrv-pid "$NS_PID" --namesrv-port "$NS_PORT" \
    --out "$OUT/c1-$1-$2.properties" > "$WORK/c1/topicload.out" 2>&1 \
    || echo "c1-$1-$2: TopicLoad failed" >&2
  sed -i 's/^/reg./' "$OUT/c1-$1-$2.properties" 2> /dev/null || true
  curve_point 1 "$1" "$2" --topics "$2" --threads 8 --warmup "$WARMUP" --duration "$DURATION"
  stop_pair "c1-$1-$2"
}

curve_clients() { # impl n
  start_pair "$1" "$WORK/c2"
  curve_point 2 "$1" "$2" --idle "$2" --idle-per-jvm "$IDLE_PER_JVM" --threads 8 --rate 1000 \
    --warmup "$WARMUP" --duration "$DURATION"
  stop_pair "c2-$1-$2"
}

curve_groups() { # impl n
  start_pair "$1" "$WORK/c3"
  curve_point 3 "$1" "$2" --groups "$2" --threads 4 --rate 200 --warmup "$WARMUP" --duration "$DURATION"
  stop_pair "c3-$1-$2"
}

curve_sizes() { # impl
  start_pair "$1" "$WORK/c4"
  for size in "${SIZES[@]}"; do
    curve_point 4 "$1" "$size" --size "$size" --threads 8 --warmup "$WARMUP" --duration "$DURATION" \
      --topic "Size$size"
  done
  stop_pair "c4-$1"
}

curve_durability() { # impl
  start_pair "$1" "$WORK/c6" flushDiskType=SYNC_FLUSH
  for threads in "${SYNC_THREADS[@]}"; do
    curve_point 6 "$1" "$threads" --threads "$threads" --warmup "$WARMUP" --duration "$DURATION" \
      --topic "Sync$threads"
  done
  stop_pair "c6-$1"
}

# Curves 5 and 7 on one store: fill, kill -9 and restart, clean stop and restart, drain from disk.
curve_backlog() { # impl mb
  local impl=$1 mb=$2 file="$OUT/c5-$1-$2.properties"
  start_pair "$impl" "$WORK/c5"
  echo "== c5-$impl-$mb: fill" >&2
  bench_java E2eLoad --mode fill --topic Backlog --threads 16 --size 4096 \
    --bytes "$(( mb * 1048576 ))" --drain 1800 --out "$file" > "$PAIR_DIR/fill.out" 2>&1 || true
  kill -KILL "$BROKER_PID"; stop_server "$BROKER_PID"
  evict_cache "$PAIR_DIR/store"
  time_to_ready "$impl"
  echo "restart_kill9_ms=$READY_MS" >> "$file"
  stop_server "$BROKER_PID"
  evict_cache "$PAIR_DIR/store"
  time_to_ready "$impl"
  echo "restart_clean_ms=$READY_MS" >> "$file"
  evict_cache "$PAIR_DIR/store"
  local messages
  messages=$(sed -n 's/^fill.messages=//p' "$file")
  curve_point 5 "$impl" "$mb" --mode drain --topic Backlog --size 4096 --messages "${messages:-1}" --drain 900
  du -sb "$PAIR_DIR/store" | awk '{print "store_bytes=" $1}' >> "$file"
  stop_pair "c5-$impl-$mb"
}

for curve in $CURVES; do
  echo "== curve $curve ($(( $(date +%s) - STARTED )) s in)" >&2
  case $curve in
    1) for n in "${TOPICS[@]}"; do for impl in $IMPLS; do curve_topics "$impl" "$n"; done; done ;;
    2) for n in "${CLIENTS[@]}"; do for impl in $IMPLS; do curve_clients "$impl" "$n"; done; done ;;
    3) for n in "${GROUPS_[@]}"; do for impl in $IMPLS; do curve_groups "$impl" "$n"; done; done ;;
    4) mkdir -p "$WORK/dd" && disk_ceilings "$WORK/dd" "$OUT/disk.properties"
       for impl in $IMPLS; do curve_sizes "$impl"; done ;;
    5) for mb in "${BACKLOG_MB[@]}"; do for impl in $IMPLS; do curve_backlog "$impl" "$mb"; done; done ;;
    6) [ -f "$OUT/disk.properties" ] || { mkdir -p "$WORK/dd" && disk_ceilings "$WORK/dd" "$OUT/disk.properties"; }
       for impl in $IMPLS; do curve_durability "$impl"; done ;;
  esac
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, $(java -version 2>&1 | head -1), $(( $(date +%s) - STARTED )) s"
  echo "# QUICK=$QUICK bench/run-curves.sh (CURVES='$CURVES' DURATION=$DURATION WARMUP=$WARMUP HEAP=$HEAP, Apache $APACHE_VERSION)"
  echo
  APACHE_VERSION="$APACHE_VERSION" "$VENV/bin/python" bench/scripts/curves_report.py "$OUT" "$ROOT/docs/curves"
} | tee "$OUT/tables.md"
