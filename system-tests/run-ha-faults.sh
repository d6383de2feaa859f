#!/usr/bin/env bash
# Replication fault campaign (issue #14): ROUNDS rounds (default 100) on one SYNC_MASTER group, a
# master and a slave in child JVMs and a fault-injecting proxy on their replication link, under load
# from the official 5.4.0 producer (4 threads). Each round injects a fault drawn from SEED — kill -9
# of the master, kill -9 of the slave, a cut link or a stalled link — lets the group heal, and reads
# both brokers back: every SEND_OK message must be on both, whole (body checksums), and so must every
# message stored without a slave's copy; duplicates are counted. CI runs one round of each kind
# (HaFaultsTest). The tally goes to system-tests/target/ha-faults-result.txt, recorded in
# docs/replication.md; a failed round keeps its stores and logs under system-tests/target/ha-faults.
#
#   system-tests/run-ha-faults.sh            ROUNDS=100 SEED=14 by default
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS="${ROUNDS:-100}"
SEED="${SEED:-14}"
rm -f system-tests/target/ha-faults-result.txt
status=0
mvn -B -ntp -q -pl system-tests -am verify -Dtest=HaFaultCampaignTest \
  -Dsurefire.failIfNoSpecifiedTests=false -Dcheckstyle.skip -Dspotless.check.skip=true \
  -Dbolide.ha.rounds="$ROUNDS" -Dbolide.ha.seed="$SEED" > system-tests/target/ha-faults-run.log 2>&1 \
  || status=$?
cat system-tests/target/ha-faults-result.txt 2>/dev/null || tail -40 system-tests/target/ha-faults-run.log
exit "$status"
