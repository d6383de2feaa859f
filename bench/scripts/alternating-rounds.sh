# Sourced by the on/off cost scripts (run-acl.sh, run-metrics.sh). alternating_rounds ROUNDS FN runs
# FN SWITCH ROUND twice per round, off then on in odd rounds and on then off in even ones, so a
# load change on a shared machine falls on both sides alike.
alternating_rounds() { # rounds fn
  local round
  for round in $(seq 1 "$1"); do
    if [ $((round % 2)) = 1 ]; then
      "$2" 0 "$round"
      "$2" 1 "$round"
    else
      "$2" 1 "$round"
      "$2" 0 "$round"
    fi
  done
}
