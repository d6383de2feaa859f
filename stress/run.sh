#!/usr/bin/env bash
# Builds the stress module (and what it depends on, from this checkout) and runs its jcstress
# tests. Default mode is jcstress's "quick" (a few minutes on two cores); pass other jcstress
# options to override, e.g. `stress/run.sh -m default` for the long campaign, `-t WakeSignal` for
# one test. Results: stress/target/jcstress-results (HTML report) and the console summary.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
cp_file="$root/stress/target/classpath.txt"
mvn -B -q -pl stress -am package dependency:build-classpath \
    -DskipTests -Dcheckstyle.skip -Dspotless.check.skip -Dmdep.outputFile="$cp_file"
args=("$@")
if [ ${#args[@]} -eq 0 ]; then
    args=(-m quick)
fi
cd "$root/stress/target"
exec java -cp "$root/stress/target/classes:$(cat "$cp_file")" org.openjdk.jcstress.Main \
    -r jcstress-results "${args[@]}"
