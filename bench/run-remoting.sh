#!/usr/bin/env bash
# Round trips/s over loopback: Bolide remoting server vs Apache RocketMQ 5.4.0's remoting server vs
# a raw Netty echo (the ceiling), 1 KiB bodies, 1/16/64 requests in flight on one connection.
# Usage: bench/run-remoting.sh [warmupSeconds] [measureSeconds] [callers,...] [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
mvn -q -o package -pl bench -am -DskipTests
# Leak detection off for every server alike: it samples allocations, which is test-time work.
exec java -Xms1g -Xmx1g -XX:+UseParallelGC -Dio.netty.leakDetection.level=disabled \
  -cp bench/target/benchmarks.jar io.bolide.bench.remoting.RemotingRoundTrip "$@"
