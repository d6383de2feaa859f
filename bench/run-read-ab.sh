#!/usr/bin/env bash
# The store's read path (a backlog drain's getMessages in pulls of 32, slices released) on two
# builds, interleaved: StoreReadBench against checkout A's store classes, then B's, then B, A, ...
# (ROUNDS rounds, default 3), each in a fresh JVM on a fresh store. Reports the reading thread's
# own CPU time per message, so other processes on a shared host count far less than in a
# whole-broker run. Both checkouts need `mvn -o -q package -pl store -am -DskipTests` (or any
# build that leaves store/target/classes and protocol/target/*.jar).
#
#   bench/run-read-ab.sh <checkout-A> <checkout-B> [messages=100000] [passes=4]
set -euo pipefail
cd "$(dirname "$0")/.."
A=$(cd "$1" && pwd)
B=$(cd "$2" && pwd)
MESSAGES="${3:-100000}"
PASSES="${4:-4}"
ROUNDS="${ROUNDS:-3}"
M="$HOME/.m2/repository"
DEPS="$M/io/netty/netty-buffer/4.1.119.Final/netty-buffer-4.1.119.Final.jar:$M/io/netty/netty-common/4.1.119.Final/netty-common-4.1.119.Final.jar:$M/org/agrona/agrona/1.23.1/agrona-1.23.1.jar:$M/org/slf4j/slf4j-api/2.0.17/slf4j-api-2.0.17.jar"
WORK=$(mktemp -d /tmp/bolide-read-ab.XXXXXX)
trap 'rm -rf "$WORK"' EXIT
javac -nowarn -d "$WORK/bench" -cp "$A/store/target/classes:$(ls "$A"/protocol/target/bolide-protocol-*.jar):$DEPS" \
  bench/src/main/java/io/bolide/bench/store/StoreReadBench.java
side_run() { # b? round
  local tree=$A side=A
  if [ "$1" = 1 ]; then tree=$B side=B; fi
  local cp="$WORK/bench:$tree/store/target/classes:$(ls "$tree"/protocol/target/bolide-protocol-*.jar):$DEPS"
  rm -rf "$WORK/data"
  ns=$(java -Xms1g -Xmx1g -cp "$cp" io.bolide.bench.store.StoreReadBench "$WORK/data" "$MESSAGES" "$PASSES" 2> /dev/null \
    | sed -n 's/^RESULT read_cpu_ns_per_msg=//p')
  echo "| $2 | $side | ${ns:-failed} |"
}
echo "# $(date -u +%FT%TZ) $(nproc) cpus, load $(cut -d' ' -f1-3 /proc/loadavg); A=$A B=$B $MESSAGES messages"
echo "| round | build | read CPU ns/msg |"
echo "|---:|---|---:|"
source bench/scripts/alternating-rounds.sh
alternating_rounds "$ROUNDS" side_run
