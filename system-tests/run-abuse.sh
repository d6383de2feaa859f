#!/usr/bin/env bash
# Connection-limits campaign (issue #15): AbusivePeersTest with the full numbers. IDLE raw sockets
# (default 5,000) sit idle on the broker's port and 20 more each send half a frame and stall, while
# the official 5.4.0 client sync-sends MESSAGES messages (default 2,000) per phase and a push
# consumer receives them; the send latency is measured before (calm) and during (abused) the abuse.
# CI runs the same test with 300 idle connections and 200 messages. Results: one line per header
# serialization in system-tests/target/abuse-result.txt, recorded in docs/benchmarks.md.
#
#   system-tests/run-abuse.sh            IDLE=5000 MESSAGES=2000 by default
#
# Both ends of every idle connection live in the test JVM: it needs about 2 * IDLE + 2,000 file
# descriptors; the soft limit is raised to the hard one, and the run stops if that is not enough.
set -euo pipefail
cd "$(dirname "$0")/.."
IDLE="${IDLE:-5000}"
MESSAGES="${MESSAGES:-2000}"
ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
need=$((IDLE * 2 + 2000))
if [[ "$(ulimit -n)" != unlimited && "$(ulimit -n)" -lt "$need" ]]; then
  echo "run-abuse: needs ulimit -n >= $need (have $(ulimit -n)); lower IDLE or raise the limit" >&2
  exit 1
fi
rm -f system-tests/target/abuse-result.txt
mvn -B -ntp -q -pl system-tests -am verify -Dtest=AbusivePeersTest \
  -Dsurefire.failIfNoSpecifiedTests=false -Dcheckstyle.skip -Dspotless.check.skip=true \
  -Dbolide.abuse.idle="$IDLE" -Dbolide.abuse.messages="$MESSAGES" > /dev/null
cat system-tests/target/abuse-result.txt
