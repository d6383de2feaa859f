# Shared by bench/run-curves.sh's curves (source it after servers.sh): a name server and a broker of
# either implementation as two processes (so the name server's CPU is its own), the load
# generators, page-cache eviction and the disk's ceilings. Each curve writes one properties file per
# point: $OUT/c<curve>-<impl>-<x>.properties, with the host's load average appended.
#
# Reads: ROOT, OUT, WORK, JAR, CLK_TCK, NS_PORT, BROKER_PORT. Sets PAIR_DIR; BROKER_PID, NS_PID.

# Both brokers take messages up to 8 MiB (the 4 MiB point carries headers too; Apache's
# maxMessageSize counts the whole stored message, Bolide's the body).
CURVE_BROKER_CONF=(maxMessageSize=8388608)

start_pair() { # impl dir [key=value ...]
  local impl=$1 dir=$2
  shift 2
  PAIR_DIR=$dir
  mkdir -p "$dir/client"
  if [ "$impl" = apache ]; then
    apache_broker_conf "$dir" "$NS_PORT" "$BROKER_PORT" "${CURVE_BROKER_CONF[@]}" "$@"
    start_apache_namesrv "$dir" "$NS_PORT"
    start_apache_broker "$dir"
    wait_port "$BROKER_PORT" 120
  else
    start_bolide_namesrv "$dir" "$NS_PORT"
    bolide_broker_conf "$dir" "$NS_PORT" "$BROKER_PORT" "${CURVE_BROKER_CONF[@]}" "$@"
    start_bolide_broker "$dir" "$BROKER_PORT"
  fi
}

# Restarts the pair's broker alone (same broker.conf, same store); BROKER_PID is the new JVM.
restart_broker() { # impl
  if [ "$1" = apache ]; then
    start_apache_broker "$PAIR_DIR"
  else
    start_bolide_broker "$PAIR_DIR" "$BROKER_PORT"
  fi
}

# Stops both servers and keeps their output under $OUT/logs/NAME; removes the data.
stop_pair() { # name
  stop_servers
  rm -rf "$OUT/logs/$1" && mkdir -p "$OUT/logs/$1"
  cp "$PAIR_DIR"/*.out "$PAIR_DIR"/*.conf "$OUT/logs/$1/" 2> /dev/null || true
  # The official client's own log says why a pull failed (its answers pass no hook).
  cp "$PAIR_DIR"/client/logs/rocketmqlogs/rocketmq_client.log "$OUT/logs/$1/" 2> /dev/null || true
  rm -rf "$PAIR_DIR"
}

bench_java() { # class args...
  local class=$1
  shift
  # Thousands of client instances (the connections curve) each start a dozen threads: small stacks.
  java -Xss256k -Xms256m -Xmx1g -Duser.home="$PAIR_DIR/client" -cp "$JAR" "io.bolide.bench.e2e.$class" \
    --namesrv "127.0.0.1:$NS_PORT" --clk-tck "$CLK_TCK" "$@"
}

# One CurvePoint run against the running pair into $OUT/c<curve>-<impl>-<x>.properties.
curve_point() { # curve impl x args...
  local file="$OUT/c$1-$2-$3.properties" name="c$1-$2-$3"
  shift 3
  echo "== $name" >&2
  bench_java CurvePoint --broker-pid "$BROKER_PID" --namesrv-pid "$NS_PID" --out "$file.tmp" "$@" \
    > "$PAIR_DIR/$name.out" 2>&1 || echo "$name: load generator failed, see $OUT/logs" >&2
  { cat "$file.tmp" 2> /dev/null || true; host_load; } >> "$file"
  rm -f "$file.tmp"
}

host_load() {
  echo "host_load1=$(cut -d' ' -f1 /proc/loadavg)"
}

# Drops the page-cache pages of every file under DIR (posix_fadvise DONTNEED): later reads of the
# store come from the disk. Pages a process still maps stay (the kernel does not drop them).
evict_cache() { # dir
  python3 - "$1" <<'PY'
import os, sys
for root, _, files in os.walk(sys.argv[1]):
    for name in files:
        try:
            fd = os.open(os.path.join(root, name), os.O_RDONLY)
        except OSError:
            continue
        try:
            os.fdatasync(fd)
            os.posix_fadvise(fd, 0, 0, os.POSIX_FADV_DONTNEED)
        finally:
            os.close(fd)
PY
}

# The disk's sequential write ceiling with the page cache bypassed (dd oflag=direct, 1 MiB blocks)
# in MB/s, and its fdatasync ceiling (dd oflag=dsync, 4 KiB writes each synced) in syncs/s.
disk_ceilings() { # dir out-file
  local f="$1/dd.bin" start end
  start=$(now_ms)
  dd if=/dev/zero of="$f" bs=1M count=1024 oflag=direct status=none
  end=$(now_ms)
  echo "disk_direct_mb_s=$(( 1024 * 1048576 / 1000 / (end - start) ))" > "$2"
  rm -f "$f"
  start=$(now_ms)
  dd if=/dev/zero of="$f" bs=4k count=2000 oflag=dsync status=none
  end=$(now_ms)
  echo "disk_fdatasync_per_s=$(( 2000 * 1000 / (end - start) ))" >> "$2"
  rm -f "$f"
  host_load >> "$2"
}

# READY_MS: milliseconds from launching the broker (restart_broker) to the first successful send of
# a client that was waiting before the launch (E2eLoad's firstsend, as bench/run-e2e.sh times
# start-up); -1 if none succeeded. Not for $(...): the restarted broker's PID must reach the caller.
time_to_ready() { # impl
  local log="$PAIR_DIR/firstsend-$(now_ms).out"
  java -Xms256m -Xmx1g -Duser.home="$PAIR_DIR/client" -cp "$JAR" io.bolide.bench.e2e.E2eLoad \
    --mode firstsend --namesrv "127.0.0.1:$NS_PORT" --topic ReadyTopic --drain 600 --warm-client 0 \
    --out "$log.properties" > "$log" 2>&1 &
  local client=$!
  until grep -qs READY "$log"; do
    kill -0 "$client" 2> /dev/null || { cat "$log" >&2; return 1; }
    sleep 0.02
  done
  # The restart writes broker.out anew: keep the previous run's log (the fill's, the first restart's).
  cp "$PAIR_DIR/broker.out" "$PAIR_DIR/broker-before-$(now_ms).out" 2> /dev/null || true
  local launched
  launched=$(now_ms)
  restart_broker "$1"
  wait "$client" || true
  local ok
  ok=$(sed -n 's/^first_send_epoch_ms=//p' "$log.properties")
  READY_MS=-1
  [ -z "$ok" ] || READY_MS=$(( ok - launched ))
}
