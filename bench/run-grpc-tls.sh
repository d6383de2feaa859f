#!/usr/bin/env bash
# The gRPC port's connection cost, TLS against plaintext (issue #39): GrpcHandshakes opens a new
# connection, makes one route query and closes it, THREADS threads at a time, for `seconds` per
# kind, against an in-process broker whose gRPC port serves both (the default permissive mode,
# its self-signed ECDSA P-256 certificate). Prints a Markdown table.
#
#   bench/run-grpc-tls.sh [seconds] [threads]        (defaults 10 and 4)
#
# SKIP_BUILD=1 -> use the classes of an earlier build. Run it at `nice -n 5` on a shared host.
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_KIND="${1:-10}"
THREADS="${2:-4}"
CP_FILE="bench/target/grpc-tls.classpath"
if [[ "${SKIP_BUILD:-0}" != 1 || ! -f "$CP_FILE" ]]; then
  # One reactor: the Bolide modules resolve to their target/classes, not to ~/.m2 snapshots (each
  # module writes the file in turn; bench, built last, leaves its own).
  mvn -B -ntp -o -q -pl bench -am compile dependency:build-classpath \
    -Dmdep.outputFile="$PWD/$CP_FILE" -Dmdep.includeScope=runtime >/dev/null
fi
exec java -Xmx512m -cp "bench/target/classes:$(cat "$CP_FILE")" \
  io.bolide.bench.e2e.GrpcHandshakes "$SECONDS_PER_KIND" "$THREADS"
