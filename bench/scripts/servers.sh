# Shared by the side-by-side bench scripts (source it after `cd` to the repository root): JVM
# options, waiting for ports, fetching Apache RocketMQ's jars from Maven Central, starting Apache
# name servers and brokers and Bolide as processes, and stopping what was started.
#
# Reads: HEAP (default 1g), APACHE_VERSION (default 5.5.0), SERVER_JAVA_OPTS (extra Bolide JVM
# options), PORT_WAIT (seconds a server may take to open its port, default 120: a niced run on a
# loaded host needs more), BOLIDE_HOME (default ROOT). Sets: ROOT, APACHE_LIB, JVM_OPTS, JVM,
# SERVER_PIDS; start_* functions set *_PID.

ROOT="${ROOT:-$PWD}"
# The checkout whose ./bolide runs Bolide's servers: this one, or another build's for an A/B run of
# the same script (e.g. BOLIDE_HOME=/tmp/old, a `git archive` of an older commit, built there).
BOLIDE_HOME="${BOLIDE_HOME:-$ROOT}"
HEAP="${HEAP:-1g}"
APACHE_VERSION="${APACHE_VERSION:-5.5.0}"
APACHE_LIB="$ROOT/bench/target/apache-lib-$APACHE_VERSION"
JVM_OPTS=(-XX:+UseG1GC
  --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED
  --add-exports java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED)
JVM=(-Xms"$HEAP" -Xmx"$HEAP" "${JVM_OPTS[@]}")
SERVER_PIDS=()
# Extra JVM options for the Apache name server and broker (e.g. TLS system properties).
APACHE_JAVA_OPTS=()

now_ms() { date +%s%3N; }

wait_port() { # port seconds (PORT_WAIT, when set, replaces the caller's figure)
  local wait=${PORT_WAIT:-$2}
  local deadline=$(( $(date +%s) + wait ))
  until (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "port $1 not open after $wait s" >&2; return 1; }
    sleep 0.02
  done
}

stop_servers() {
  for pid in "${SERVER_PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${SERVER_PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  SERVER_PIDS=()
}

# A side-by-side script's start: on exit, stop what was started and remove WORK; create OUT; build
# the bench and dist jars (unless SKIP_BUILD=1) and fetch Apache's jars.
bench_setup() {
  trap 'stop_servers; rm -rf "$WORK"' EXIT
  mkdir -p "$OUT"
  [ "${SKIP_BUILD:-0}" = 1 ] || mvn -o -q package -pl bench,dist -am -DskipTests
  fetch_apache_lib
}

# After a run: stops the servers, keeps DIR's output (and its server and client logs) under
# OUT/IMPL-logs, and removes DIR.
keep_logs() { # impl dir
  stop_servers
  rm -rf "$OUT/$1-logs" && mkdir -p "$OUT/$1-logs"
  cp "$2"/*.out "$2"/*.conf "$OUT/$1-logs/" 2>/dev/null || true
  cp -r "$2/logs" "$OUT/$1-logs/server-logs" 2>/dev/null || true
  cp -r "$2/client/logs" "$OUT/$1-logs/client-logs" 2>/dev/null || true
  rm -rf "$2"
}

# Copies the runtime jars of the pom POM (built for APACHE_VERSION) into DIR, unless JAR is there.
fetch_jars() { # pom dir jar
  if [ ! -f "$2/$3" ]; then
    mvn -q -f "$1" dependency:copy-dependencies \
      -Drocketmq.version="$APACHE_VERSION" -DincludeScope=runtime -DoutputDirectory="$2"
  fi
}

# The Apache name server and broker jars with their runtime dependencies, once per version.
fetch_apache_lib() {
  fetch_jars "$ROOT/bench/e2e/apache/pom.xml" "$APACHE_LIB" "rocketmq-broker-$APACHE_VERSION.jar"
}

# Writes DIR/broker.conf: the lines given, one a line.
write_broker_conf() { # dir line ...
  local dir=$1
  shift
  mkdir -p "$dir/store"
  printf '%s\n' "$@" > "$dir/broker.conf"
}

# Writes a single-master broker.conf for Apache into DIR; extra "key=value" lines follow.
apache_broker_conf() { # dir ns-port broker-port [key=value ...]
  local dir=$1 ns=$2 port=$3
  shift 3
  write_broker_conf "$dir" brokerClusterName=DefaultCluster brokerName=broker-a brokerId=0 \
    brokerIP1=127.0.0.1 brokerIP2=127.0.0.1 "namesrvAddr=127.0.0.1:$ns" "listenPort=$port" \
    "storePathRootDir=$dir/store" "storePathCommitLog=$dir/store/commitlog" \
    flushDiskType=ASYNC_FLUSH autoCreateTopicEnable=true "$@"
}

# Runs Apache's CLASS from DIR (ROCKETMQ_HOME and user.home) with -c CONF, output in OUT; does not
# wait. Sets LAST_PID.
run_apache() { # dir out class conf
  ROCKETMQ_HOME="$1" java "${JVM[@]}" "${APACHE_JAVA_OPTS[@]}" -Duser.home="$1" \
    -cp "$APACHE_LIB/*" "$3" -c "$4" > "$2" 2>&1 &
  LAST_PID=$!
  SERVER_PIDS+=("$LAST_PID")
}

start_apache_namesrv() { # dir port
  local dir=$1
  mkdir -p "$dir"
  printf 'listenPort=%s\n' "$2" > "$dir/namesrv.conf"
  run_apache "$dir" "$dir/namesrv.out" org.apache.rocketmq.namesrv.NamesrvStartup "$dir/namesrv.conf"
  NS_PID=$LAST_PID
  wait_port "$2" 120
}

# Starts an Apache broker from DIR/broker.conf (see apache_broker_conf); does not wait.
start_apache_broker() { # dir
  run_apache "$1" "$1/broker.out" org.apache.rocketmq.broker.BrokerStartup "$1/broker.conf"
  BROKER_PID=$LAST_PID
}

# Runs `./bolide ARGS` with the bench's heap and JVM options (user.home DIR), output in OUT, and
# waits for PORT. Sets LAST_PID to the JVM: ./bolide execs it (same PID); should it ever fork
# instead, the child JVM is the one measured.
run_bolide() { # dir out port args ...
  local dir=$1 out=$2 port=$3
  shift 3
  BOLIDE_HEAP="$HEAP" JAVA_OPTS="${JVM_OPTS[*]} -Duser.home=$dir ${SERVER_JAVA_OPTS:-}" \
    "$BOLIDE_HOME/bolide" "$@" > "$out" 2>&1 &
  LAST_PID=$!
  SERVER_PIDS+=("$LAST_PID")
  wait_port "$port" 120
  local child
  child=$(pgrep -P "$LAST_PID" java || true)
  [ -z "$child" ] || { LAST_PID=$child; SERVER_PIDS+=("$child"); }
}

# `./bolide start` (name server and broker in one process) with its data under DIR/store; extra
# arguments go to `bolide start`. Waits for the broker port; BROKER_PID is the JVM.
start_bolide_dist() { # dir ns-port broker-port [args ...]
  local dir=$1 ns=$2 port=$3
  shift 3
  mkdir -p "$dir/store"
  run_bolide "$dir" "$dir/broker.out" "$port" \
    start --namesrv-port "$ns" --broker-port "$port" --data "$dir/store" "$@"
  BROKER_PID=$LAST_PID
}

# A slave of broker-a for Apache in DIR (see apache_broker_conf): brokerId=1, brokerRole=SLAVE, its
# own HA port. An Apache slave learns its master's HA address from the name server.
apache_slave_conf() { # dir ns-port broker-port [key=value ...]
  local dir=$1 ns=$2 port=$3
  shift 3
  apache_broker_conf "$dir" "$ns" "$port" brokerId=1 brokerRole=SLAVE "haListenPort=$(( port + 1 ))" "$@"
}

# Writes a broker.conf for Bolide into DIR (broker-a of DefaultCluster, data under DIR/store);
# extra "key=value" lines follow (e.g. brokerRole=SYNC_MASTER, or a slave's brokerId=1,
# brokerRole=SLAVE, haMasterAddress=host:port).
bolide_broker_conf() { # dir ns-port broker-port [key=value ...]
  local dir=$1 ns=$2 port=$3
  shift 3
  write_broker_conf "$dir" brokerClusterName=DefaultCluster brokerName=broker-a \
    brokerIP1=127.0.0.1 "namesrvAddr=127.0.0.1:$ns" "listenPort=$port" \
    "haListenPort=$(( port + 1 ))" "storePathRootDir=$dir/store" flushDiskType=ASYNC_FLUSH \
    autoCreateTopicEnable=true "$@"
}

# `./bolide broker -c DIR/broker.conf` (see bolide_broker_conf): a broker without a name server,
# e.g. a slave. Waits for its port; BROKER_PID is the JVM.
start_bolide_broker() { # dir port
  run_bolide "$1" "$1/broker.out" "$2" broker -c "$1/broker.conf"
  BROKER_PID=$LAST_PID
}

# Stops one server started above (TERM, then waits), leaving the others running.
stop_server() { # pid
  kill -TERM "$1" 2>/dev/null || true
  wait "$1" 2>/dev/null || true
  local kept=()
  for pid in "${SERVER_PIDS[@]}"; do [ "$pid" = "$1" ] || kept+=("$pid"); done
  SERVER_PIDS=("${kept[@]}")
}

# `./bolide namesrv -p PORT` (the name server alone, its own process as Apache's is), output in
# DIR/namesrv.out. Waits for its port; NS_PID is the JVM.
start_bolide_namesrv() { # dir port
  mkdir -p "$1"
  run_bolide "$1" "$1/namesrv.out" "$2" namesrv -p "$2"
  NS_PID=$LAST_PID
}
