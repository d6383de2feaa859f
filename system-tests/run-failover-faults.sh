#!/usr/bin/env bash
# Fail-over fault campaign (issue #19): 3 controllers (embedded in 3 name servers, jRaft), group
# fo-a (1 master + 2 slaves) and group fo-b (1 master + 1 slave) in controller mode, each process in
# a network namespace of its own (system-tests/failover/cluster.sh), under SYNC replication load
# (allAckInSyncStateSet) from the official 5.4.0 producer running in a client namespace. Each round
# injects one or two faults drawn from SEED — kill -9 / SIGSTOP of a master, a slave or a
# controller, a master cut off from the controllers (not from clients), a slave cut off from
# everyone, latency on a master's replication link (toxiproxy), packet loss (iptables statistic), a
# slave whose store file system is full — then heals everything, waits until both groups are whole
# and checks: 0 acknowledged messages lost, 0 replicas differing below their common end, no epoch
# with two writers. The table goes to system-tests/target/failover/failover-result.txt (see
# docs/reliability.md). Needs root (ip netns, iptables); removes every namespace, link and mount it
# made on exit, also on failure.
#
#   system-tests/run-failover-faults.sh        ROUNDS=10 SEED=19 IMPL=apache (or bolide) NS=bfo
#   FAULTS=MASTER_KILL  draw only these fault kinds (comma-separated), one a round (default: all)
#   HEAL_SECONDS=180  how long a member may stay behind after the heal before it is restarted
#   CLASSPATH_FILE=...  skip the Maven build and use this class path (the JUnit test does)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT="$PWD"
ROUNDS="${ROUNDS:-10}"
SEED="${SEED:-19}"
IMPL="${IMPL:-apache}"
NS="${NS:-bfo}" # namespace prefix: runs with different ones can run side by side
RUN_DIR="${RUN_DIR:-$ROOT/system-tests/target/failover}"
CLUSTER="$ROOT/system-tests/failover/cluster.sh"
export ROOT IMPL NS RUN_DIR

[ "$(id -u)" = 0 ] && ip netns list > /dev/null 2>&1 \
  || { echo "run-failover-faults: needs root and ip netns" >&2; exit 2; }
command -v iptables > /dev/null || { echo "run-failover-faults: needs iptables (apt-get install iptables)" >&2; exit 2; }

# toxiproxy (a Go module) for the latency fault, built once into system-tests/target.
TOXI_DIR="$ROOT/system-tests/target/toxiproxy"
if [ ! -x "$TOXI_DIR/server" ] && command -v go > /dev/null; then
  mkdir -p "$TOXI_DIR"
  GOBIN="$TOXI_DIR" GOFLAGS=-mod=mod nice -n 19 go install github.com/Shopify/toxiproxy/v2/cmd/server@v2.5.0 \
    > "$TOXI_DIR/install.log" 2>&1 || echo "run-failover-faults: no toxiproxy (see $TOXI_DIR/install.log): no latency faults" >&2
fi
DELAY=false
if [ -x "$TOXI_DIR/server" ]; then export TOXIPROXY="$TOXI_DIR/server"; DELAY=true; fi

if [ "$IMPL" = apache ]; then
  # shellcheck source=../bench/scripts/servers.sh
  source "$ROOT/bench/scripts/servers.sh"
  fetch_apache_lib
else
  ./bolide keys > /dev/null # builds dist when stale
fi

if [ -z "${CLASSPATH_FILE:-}" ]; then
  CLASSPATH_FILE="$ROOT/system-tests/target/failover.classpath"
  nice -n 19 mvn -B -ntp -q -pl system-tests -am test-compile dependency:build-classpath \
    -Dcheckstyle.skip -Dspotless.check.skip=true -Dmdep.outputFile="$CLASSPATH_FILE" > /dev/null
  CLASSPATH_FILE_CP="$ROOT/system-tests/target/test-classes:$(cat "$CLASSPATH_FILE")"
else
  CLASSPATH_FILE_CP="$(cat "$CLASSPATH_FILE")"
fi

cleanup() { bash "$CLUSTER" down || true; }
trap cleanup EXIT INT TERM
bash "$CLUSTER" down > /dev/null 2>&1 || true # a killed earlier run's leftovers
rm -rf "$RUN_DIR"
mkdir -p "$RUN_DIR"
bash "$CLUSTER" up
status=0
bash "$CLUSTER" exec "$CLASSPATH_FILE_CP" io.bolide.systest.FailoverCampaign \
  -Dbolide.fo.rounds="$ROUNDS" -Dbolide.fo.seed="$SEED" -Dbolide.fo.impl="$IMPL" \
  -Dbolide.fo.script="$CLUSTER" -Dbolide.fo.runDir="$RUN_DIR" -Dbolide.fo.delay="$DELAY" \
  -Dbolide.fo.healSeconds="${HEAL_SECONDS:-180}" -Dbolide.fo.faults="${FAULTS:-}" \
  -Drocketmq.client.logRoot="$RUN_DIR/client-logs" -Drocketmq.client.localOffsetStoreDir="$RUN_DIR/offsets" \
  > "$RUN_DIR/campaign.log" 2>&1 || status=$?
cat "$RUN_DIR/failover-result.txt" 2>/dev/null || tail -40 "$RUN_DIR/campaign.log"
exit "$status"
