#!/usr/bin/env bash
# What TLS and ACL cost Bolide's broker together (issue #37): the standard scenario of
# bench/run-e2e.sh (official client, 64 threads, 1 KiB sync sends, no backlog phase) with the broker
# plain, with ACL 2.0 on (TLS off), and with TLS enforcing + ACL 2.0 on. Each round runs the three
# one after the other, each on a fresh broker, the order rotating per round (plain, acl, tls-acl;
# then acl, tls-acl, plain; ...), so a load change on a shared host falls on all three alike. The
# ratios reported are the medians over rounds of each round's secured / plain broker CPU per message.
#
#   bench/run-secured.sh [live-seconds] [rounds]      (defaults 30 and 3)
#
# SYSCALLS=1 also counts the broker's system calls (perf stat on the raw_syscalls:sys_enter
# tracepoint and a few named ones) for a window inside each run's live phase and reports them per
# message (window count / (produce TPS x window)). perf must be able to read tracepoints (root).
# Environment: as bench/run-e2e.sh (THREADS, SIZE, RATE, WARMUP, HEAP, SKIP_BUILD, ...).
# Results: bench/target/e2e/bolide-{plain,acl,tlsacl}-rN.properties, the table in
# bench/target/e2e/secured-table.md.
set -euo pipefail
cd "$(dirname "$0")/.."
LIVE="${1:-30}"
ROUNDS="${2:-3}"
SYSCALLS="${SYSCALLS:-0}"
OUT=bench/target/e2e
mkdir -p "$OUT"
rm -f "$OUT"/bolide-plain-r*.* "$OUT"/bolide-acl-r*.* "$OUT"/bolide-tlsacl-r*.*
export WARM_CLIENT="${WARM_CLIENT:-0}"
export NS_PORT="${NS_PORT:-19876}" BROKER_PORT="${BROKER_PORT:-20911}"
WARM="${WARMUP:-10}"
skip="${SKIP_BUILD:-0}"
EVENTS=raw_syscalls:sys_enter
for name in read write readv writev recvfrom sendto recvmsg sendmsg epoll_wait epoll_pwait epoll_pwait2 futex; do
  EVENTS="$EVENTS,syscalls:sys_enter_$name"
done

# Counts the broker's system calls for a window of the live phase: waits for the load
# generator's live run to start, skips its warm-up and 3 s, then counts for LIVE - 6 seconds.
count_syscalls() { # tag
  local load="" pid="" deadline=$(( $(date +%s) + 300 ))
  until [ -n "$load" ]; do
    load=$(pgrep -f "E2eLoad.*127.0.0.1:$NS_PORT.*--mode run" | head -1 || true)
    [ "$(date +%s)" -lt "$deadline" ] || return 0
    sleep 0.2
  done
  pid=$(pgrep -f "java.*--broker-port $BROKER_PORT" | head -1 || true)
  [ -n "$pid" ] || return 0
  local window=$(( LIVE - 6 ))
  sleep $(( WARM + 3 ))
  echo "window_s=$window" > "$OUT/bolide$1.syscalls"
  perf stat -x, -e "$EVENTS" -p "$pid" -- sleep "$window" 2>> "$OUT/bolide$1.syscalls" || true
}

one_run() { # kind round
  local tag="-$1-r$2" acl=0 tls=0 counter=""
  case "$1" in
    plain) ;;
    acl) acl=1 ;;
    tlsacl) acl=1 tls=1 ;;
    *) echo "unknown kind $1" >&2; return 2 ;;
  esac
  echo "== round $2: Bolide, $1" >&2
  cut -d' ' -f1 /proc/loadavg > "$OUT/bolide$tag.load"
  if [ "$SYSCALLS" = 1 ]; then
    count_syscalls "$tag" &
    counter=$!
  fi
  SKIP_BUILD=$skip ACL=$acl TLS=$tls TAG="$tag" IMPLS=bolide bench/run-e2e.sh "$LIVE" 0 > /dev/null || true
  [ -z "$counter" ] || wait "$counter" || true
  skip=1
}

KINDS=(plain acl tlsacl)
for round in $(seq 1 "$ROUNDS"); do
  for i in 0 1 2; do
    one_run "${KINDS[$(( (round - 1 + i) % 3 ))]}" "$round"
  done
done
{
  echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg), $(java -version 2>&1 | head -1)"
  echo "# bench/run-secured.sh $LIVE $ROUNDS (THREADS=${THREADS:-64} RATE=${RATE:-0} SIZE=${SIZE:-1024} WARMUP=$WARM SYSCALLS=$SYSCALLS)"
  echo
  python3 bench/scripts/secured_table.py "$OUT" "$ROUNDS"
} | tee "$OUT/secured-table.md"
