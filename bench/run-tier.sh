#!/usr/bin/env bash
# Tiered storage (#36), Bolide alone (Apache RocketMQ 5.5.0 has no S3 backend to compare with):
# tiering off against tiering on, one after the other on this machine, against moto's S3 server
# (the venv tier/target/motovenv, as the tests use; `python3 -m venv tier/target/motovenv &&
# tier/target/motovenv/bin/pip install 'moto[server]'`).
#
#   bench/run-tier.sh [megabytes]                                   (default 1024)
#
# 1. Write: MEGABYTES of SIZE-byte messages through the official client (bench/run-e2e.sh's load
#    generator, mode fill): produce MB/s, broker CPU per message (utime + stime of the broker from
#    /proc/PID/stat over the fill), the local commit log's largest size (sampled every second) and,
#    with tiering on, the upload lag once the fill ends and how long the uploads took to catch up.
# 2. Cold drain: the broker restarted, the page cache of its store dropped, a push consumer from the
#    first offset (bench/run-curves.sh's drain point): MB/s and broker CPU per message, from the
#    local disk (off) and from the tier (on, everything but the local budget evicted).
# 3. Cost: PUT requests (moto's request log) and GETs (the upload read-back, one per segment, and
#    the reads' ranged GETs, bolide_tier_read_latency_count), per GB written and drained.
#
# Environment: SIZE=4096 SEGMENT=67108864 (commit-log segment bytes) BUDGET=268435456 (local
#   budget bytes, tiering on) THREADS=16 MODES="off on" HEAP=1g NS_PORT=19876 BROKER_PORT=20911
#   MOTO_PORT=19000 METRICS_PORT=19090 SKIP_BUILD=1 (use the jars of an earlier build)
#   MVN_ARGS="..." (extra arguments of the build)
# Results land in bench/target/tier (one properties file per mode and the table).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MB="${1:-1024}"
SIZE="${SIZE:-4096}"
SEGMENT="${SEGMENT:-67108864}"
BUDGET="${BUDGET:-268435456}"
THREADS="${THREADS:-16}"
NS_PORT="${NS_PORT:-19876}"
BROKER_PORT="${BROKER_PORT:-20911}"
MOTO_PORT="${MOTO_PORT:-19000}"
METRICS_PORT="${METRICS_PORT:-19090}"
OUT="$ROOT/bench/target/tier"
JAR="$ROOT/bench/target/benchmarks.jar"
WORK="$(mktemp -d /tmp/bolide-tier.XXXXXX)"
CLK_TCK="$(getconf CLK_TCK)"
MOTO="$ROOT/tier/target/motovenv/bin/moto_server"
[ -x "$MOTO" ] || { echo "no moto server at $MOTO (see the header)" >&2; exit 2; }
source "$ROOT/bench/scripts/servers.sh"
source "$ROOT/bench/scripts/curves.sh"
# As bench_setup, without Apache's jars (not used here); MVN_ARGS reach the build (e.g.
# -Dmaven.repo.local=...).
trap 'stop_servers; rm -rf "$WORK"' EXIT
mkdir -p "$OUT"
[ "${SKIP_BUILD:-0}" = 1 ] || mvn -o -q package -pl bench,dist -am -DskipTests ${MVN_ARGS:-}
rm -f "$OUT"/*.properties

cpu_ticks() { # pid
  awk '{print $14 + $15}' "/proc/$1/stat"
}

start_moto() { # dir
  "$MOTO" -H 127.0.0.1 -p "$MOTO_PORT" > "$1/moto.out" 2>&1 &
  MOTO_PID=$!
  SERVER_PIDS+=("$MOTO_PID")
  wait_port "$MOTO_PORT" 60
  curl -sf -X PUT "http://127.0.0.1:$MOTO_PORT/bolide" > /dev/null
}

# Requests of METHOD moto logged so far (werkzeug's access log: "METHOD /bucket/key HTTP/1.1").
moto_requests() { # dir method
  grep -c "\"$2 /bolide" "$1/moto.out" || true
}

metric() { # name
  curl -sf "http://127.0.0.1:$METRICS_PORT/metrics" | awk -v n="$1" '$1 ~ "^"n {s += $2} END {print s + 0}'
}

local_bytes() { # dir
  { du -sb "$1/store/commitlog" 2> /dev/null || echo 0; } | awk '{print $1}'
}

run_mode() { # off|on
  local mode=$1 dir="$WORK/$1" file="$OUT/tier-$1.properties"
  mkdir -p "$dir"
  local conf=("mappedFileSizeCommitLog=$SEGMENT" metricsExporterType=PROM
    "metricsPromExporterPort=$METRICS_PORT" "maxMessageSize=8388608")
  if [ "$mode" = on ]; then
    start_moto "$dir"
    conf+=(tieredBackendServiceProvider=s3 "objectStoreEndpoint=http://127.0.0.1:$MOTO_PORT"
      objectStoreBucket=bolide objectStoreAccessKey=test objectStoreSecretKey=test
      "tieredStoreLocalBudget=$BUDGET" tieredStoreOffloadInterval=200)
  fi
  start_pair bolide "$dir" "${conf[@]}"
  local sampler
  ( while kill -0 "$BROKER_PID" 2> /dev/null; do
      local_bytes "$dir" >> "$dir/local.samples" || true
      sleep 1
    done ) &
  sampler=$!
  echo "== tier $mode: fill $MB MB of $SIZE-byte messages" >&2
  local before after
  before=$(cpu_ticks "$BROKER_PID")
  bench_java E2eLoad --mode fill --topic TierBench --threads "$THREADS" --size "$SIZE" \
    --bytes "$(( MB * 1048576 ))" --drain 1800 --out "$file" > "$dir/fill.out" 2>&1 || true
  after=$(cpu_ticks "$BROKER_PID")
  local messages
  messages=$(sed -n 's/^fill.messages=//p' "$file")
  echo "fill.broker_cpu_us_per_msg=$(( (after - before) * 1000000 / CLK_TCK / ${messages:-1} ))" >> "$file"
  if [ "$mode" = on ]; then
    echo "fill.upload_lag_bytes_at_end=$(metric bolide_tier_upload_lag_bytes)" >> "$file"
    local start=$SECONDS
    # Caught up: every sealed segment uploaded and the local disk back within its budget.
    until [ "$(metric bolide_tier_upload_lag_bytes)" = 0 ] && [ "$(local_bytes "$dir")" -le $(( BUDGET + SEGMENT )) ]; do
      [ $(( SECONDS - start )) -lt 600 ] || break
      sleep 1
    done
    echo "fill.catch_up_s=$(( SECONDS - start ))" >> "$file"
    # moto's request log, less the bucket's creation.
    echo "fill.put_requests=$(( $(moto_requests "$dir" PUT) - 1 ))" >> "$file"
    # The read-back of each upload: one GET of the whole segment, streamed (S3ObjectStore.readAll).
    echo "fill.get_requests=$(metric bolide_tier_uploaded_objects)" >> "$file"
    echo "fill.post_requests=$(moto_requests "$dir" POST)" >> "$file"
    echo "fill.uploaded_bytes=$(metric bolide_tier_uploaded_bytes)" >> "$file"
  fi
  kill "$sampler" 2> /dev/null || true
  wait "$sampler" 2> /dev/null || true
  echo "fill.local_bytes_max=$(sort -n "$dir/local.samples" | tail -1)" >> "$file"
  echo "local_bytes_before_drain=$(local_bytes "$dir")" >> "$file"
  stop_server "$BROKER_PID"
  evict_cache "$dir/store"
  restart_broker bolide
  curve_point 5 "tier-$mode" drain --mode drain --topic TierBench --size "$SIZE" \
    --messages "${messages:-1}" --drain 1800
  cat "$OUT/c5-tier-$mode-drain.properties" >> "$file"
  rm -f "$OUT/c5-tier-$mode-drain.properties"
  if [ "$mode" = on ]; then
    # Every ranged GET of a read (a reader's or the read-ahead's) is timed in the histogram.
    echo "drain.get_requests=$(metric bolide_tier_read_latency_count)" >> "$file"
    echo "drain.fetched_bytes=$(metric bolide_tier_fetched_bytes)" >> "$file"
    echo "drain.read_ahead_blocks=$(metric bolide_tier_read_ahead_blocks)" >> "$file"
    echo "drain.read_ahead_hits=$(metric bolide_tier_read_ahead_hits)" >> "$file"
    echo "drain.cache_hit_ratio=$(metric bolide_tier_cache_hit_ratio)" >> "$file"
  fi
  stop_pair "tier-$mode"
}

for mode in ${MODES:-off on}; do
  run_mode "$mode"
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-tier.sh $MB (SIZE=$SIZE SEGMENT=$SEGMENT BUDGET=$BUDGET THREADS=$THREADS)"
  echo
  python3 bench/scripts/tier_table.py "$OUT" "$SIZE"
} | tee "$OUT/table.md"
