# Sourced by the bench scripts. bolide_start_until_ready LOG ARGS...: runs `bolide start ARGS...`
# (JAVA_OPTS and BOLIDE_HEAP from the caller's environment) with its output in LOG, waits up to 120 s
# for the ready line, then stops it with SIGTERM and waits for it to exit. Stopping only at ready
# matters to the callers: the class-data-sharing archive a first start records counts only then.
bolide_start_until_ready() { # log, bolide start arguments...
  local log=$1
  shift
  "$ROOT/bolide" start "$@" > "$log" 2>&1 &
  local pid=$!
  local deadline=$(( $(date +%s) + 120 ))
  until grep -q "bolide ready" "$log"; do
    kill -0 "$pid" 2>/dev/null || { echo "bolide exited before ready, see $log" >&2; break; }
    [ "$(date +%s)" -lt "$deadline" ] || { echo "bolide not ready after 120 s" >&2; break; }
    sleep 0.01
  done
  kill -TERM "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
