#!/usr/bin/env bash
# What one scrape of Bolide's metrics endpoint costs the broker process, in isolation: a broker
# and name server in one JVM (the dist's jars as built), metricsExporterType=PROM, a few topics and
# groups' worth of series; N scrapes to warm up, then the process's CPU (utime+stime from /proc)
# over N more scrapes against the same time idle. No message load: the figure is the endpoint's.
#
#   bench/scrape-cost.sh [scrapes]        (default 300)
#
# Environment: NS_PORT=39876 BROKER_PORT=40911 METRICS_PORT=45557 HEAP=1g
set -euo pipefail
cd "$(dirname "$0")/.."
N="${1:-300}"
NS_PORT="${NS_PORT:-39876}" BROKER_PORT="${BROKER_PORT:-40911}" METRICS_PORT="${METRICS_PORT:-45557}"
jar=dist/target/bolide-dist-0.1.0-SNAPSHOT.jar
[ -f "$jar" ] || mvn -B -q -o package -pl dist -am -DskipTests
WORK="$(mktemp -d /tmp/bolide-scrape.XXXXXX)"
printf 'metricsExporterType=PROM\nmetricsPromExporterHost=127.0.0.1\nmetricsPromExporterPort=%s\n' \
  "$METRICS_PORT" > "$WORK/broker.conf"
java -Xms64m -Xmx"${HEAP:-1g}" -cp "$jar:dist/target/lib/*" io.bolide.dist.BolideCommand start \
  --namesrv-port "$NS_PORT" --broker-port "$BROKER_PORT" --data "$WORK/data" -c "$WORK/broker.conf" \
  > "$WORK/out" 2>&1 &
PID=$!
trap 'kill $PID 2>/dev/null; wait $PID 2>/dev/null; rm -rf "$WORK"' EXIT
scrape() {
  exec 3<> "/dev/tcp/127.0.0.1/$METRICS_PORT"
  printf 'GET /metrics HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n' >&3
  cat <&3 > "$WORK/last"
  exec 3<&-
}
cpu_ticks() { awk '{print $14 + $15}' "/proc/$PID/stat"; }
# A failed redirection ends a non-interactive shell: probe the port in a subshell.
for _ in $(seq 1 600); do (echo > "/dev/tcp/127.0.0.1/$METRICS_PORT") 2>/dev/null && break; sleep 0.2; done
for _ in $(seq 1 "$N"); do scrape; done
idle_start=$(cpu_ticks); t0=$(date +%s%N)
sleep_s=$(( N / 50 + 1 )); sleep "$sleep_s"
idle=$(( $(cpu_ticks) - idle_start )); idle_ns=$(( $(date +%s%N) - t0 ))
busy_start=$(cpu_ticks); t0=$(date +%s%N)
for _ in $(seq 1 "$N"); do scrape; done
busy=$(( $(cpu_ticks) - busy_start )); busy_ns=$(( $(date +%s%N) - t0 ))
hz=$(getconf CLK_TCK)
python3 - "$N" "$busy" "$busy_ns" "$idle" "$idle_ns" "$hz" "$(wc -c < "$WORK/last")" "$(grep -c '^[a-z]' "$WORK/last")" <<'PY'
import sys
n, busy, busy_ns, idle, idle_ns, hz, size, series = (float(x) for x in sys.argv[1:])
busy_ms = busy * 1000 / hz
idle_ms_per_s = idle * 1000 / hz / (idle_ns / 1e9)
net = busy_ms - idle_ms_per_s * busy_ns / 1e9
print(f"{int(n)} scrapes of {int(size)} bytes ({int(series)} series) in {busy_ns / 1e9:.1f} s: "
      f"{busy_ms:.0f} ms broker CPU, {idle_ms_per_s:.1f} ms/s idle -> {net / n:.2f} ms CPU per scrape")
PY
