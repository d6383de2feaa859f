#!/usr/bin/env bash
# Store append benchmark: Bolide's store vs Apache RocketMQ 5.4.0 DefaultMessageStore, 1 KiB
# messages, 1/8/64 writers, ASYNC and SYNC flush, plus the disk's sequential write + fdatasync
# ceiling, all in one run on the same disk.
#   bench/run-store.sh [seconds-per-run] [data-dir]   (IMPLS="bolide direct apache" by default;
#   "direct" = Bolide with the writer encoding straight into the mapped segment under the lock)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-10}"
DATA="${2:-$PWD/bench/target/store-data}"
mvn -o -q package -pl bench -am -DskipTests
JAR=bench/target/benchmarks.jar
JAVA_OPTS=(-Xms2g -Xmx2g -XX:+UseG1GC
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-exports java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED)
echo "# $(date -u) $(nproc) cpus, $(java -version 2>&1 | head -1), data on $(df -h "$(dirname "$DATA")" | tail -1 | awk '{print $1}')"
java "${JAVA_OPTS[@]}" -cp "$JAR" io.bolide.bench.store.DiskCeiling "$DATA/ceiling" 5 4096 65536 1048576
for flush in ASYNC SYNC; do
  for writers in 1 8 64; do
    for impl in ${IMPLS:-bolide direct apache}; do
      sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null || true
      java "${JAVA_OPTS[@]}" -cp "$JAR" io.bolide.bench.store.StoreAppendBench \
        "$impl" "$flush" "$writers" "$SECONDS_PER_RUN" "$DATA/$impl" 2>/dev/null | grep RESULT
    done
  done
done
rm -rf "$DATA"
