#!/usr/bin/env bash
# Side-by-side JMH run of the protocol codecs: Bolide vs the Apache RocketMQ 5.4.0 classes, with the
# GC profiler (B/op). Prints a Markdown table for docs/benchmarks.md.
#   bench/run-protocol.sh                  full run (about 5 minutes on 2 cores)
#   bench/run-protocol.sh -wi 1 -i 1 ...   extra JMH options pass through (a quick look)
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -B -ntp package -pl bench -am -DskipTests -Dspotless.check.skip=true -Dcheckstyle.skip=true
out=bench/target/protocol-jmh.csv
java -jar bench/target/benchmarks.jar 'io.bolide.bench.protocol.CommandCodecBenchmark' \
  -prof gc -rf csv -rff "$out" "$@"
python3 bench/scripts/jmh_side_by_side.py "$out"
