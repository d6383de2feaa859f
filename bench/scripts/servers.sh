# Shared by the side-by-side bench scripts (source it after `cd` to the repository root): JVM
# options, waiting for ports, fetching Apache RocketMQ's jars from Maven Central, starting Apache
# name servers and brokers and Bolide as processes, and stopping what was started.
#
# Reads: HEAP (default 1g), APACHE_VERSION (default 5.5.0), SERVER_JAVA_OPTS (extra Bolide JVM
# options), PORT_WAIT (seconds a server may take to open its port, default 120: a niced run on a
# loaded host needs more), BOLIDE_HOME (default ROOT). Sets: ROOT, APACHE_LIB, JVM_OPTS, JVM, SERVER_PIDS; start_* functions set *_PID.

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

# The Apache name server and broker jars with their runtime dependencies, once per version.
fetch_apache_lib() {
  if [ ! -f "$APACHE_LIB/rocketmq-broker-$APACHE_VERSION.jar" ]; then
    mvn -q -f "$ROOT/bench/e2e/apache/pom.xml" dependency:copy-dependencies \
      -Drocketmq.version="$APACHE_VERSION" -DincludeScope=runtime -DoutputDirectory="$APACHE_LIB"
  fi
}

# Writes a single-master broker.conf for Apache into DIR; extra "key=value" lines follow.
apache_broker_conf() { # dir ns-port broker-port [key=value ...]
  local dir=$1 ns=$2 port=$3
  shift 3
  mkdir -p "$dir/store"
  {
    cat <<CONF
brokerClusterName=DefaultCluster
brokerName=broker-a
brokerId=0
brokerIP1=127.0.0.1
brokerIP2=127.0.0.1
namesrvAddr=127.0.0.1:$ns
listenPort=$port
storePathRootDir=$dir/store
storePathCommitLog=$dir/store/commitlog
flushDiskType=ASYNC_FLUSH
autoCreateTopicEnable=true
CONF
    for pair in "$@"; do echo "$pair"; done
  } > "$dir/broker.conf"
}

start_apache_namesrv() { # dir port
  local dir=$1
  mkdir -p "$dir"
  printf 'listenPort=%s\n' "$2" > "$dir/namesrv.conf"
  ROCKETMQ_HOME="$dir" java "${JVM[@]}" "${APACHE_JAVA_OPTS[@]}" -Duser.home="$dir" \
    -cp "$APACHE_LIB/*" org.apache.rocketmq.namesrv.NamesrvStartup -c "$dir/namesrv.conf" > "$dir/namesrv.out" 2>&1 &
  NS_PID=$!
  SERVER_PIDS+=("$NS_PID")
  wait_port "$2" 120
}

# Starts an Apache broker from DIR/broker.conf (see apache_broker_conf); does not wait.
start_apache_broker() { # dir
  local dir=$1
  ROCKETMQ_HOME="$dir" java "${JVM[@]}" "${APACHE_JAVA_OPTS[@]}" -Duser.home="$dir" \
    -cp "$APACHE_LIB/*" org.apache.rocketmq.broker.BrokerStartup -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
  BROKER_PID=$!
  SERVER_PIDS+=("$BROKER_PID")
}

# `./bolide start` (name server and broker in one process) with its data under DIR/store; extra
# arguments go to `bolide start`. Waits for the broker port; BROKER_PID is the JVM.
start_bolide_dist() { # dir ns-port broker-port [args ...]
  local dir=$1 ns=$2 port=$3
  shift 3
  mkdir -p "$dir/store"
  BOLIDE_HEAP="$HEAP" JAVA_OPTS="${JVM_OPTS[*]} -Duser.home=$dir ${SERVER_JAVA_OPTS:-}" \
    "$BOLIDE_HOME/bolide" start --namesrv-port "$ns" --broker-port "$port" --data "$dir/store" "$@" \
    > "$dir/broker.out" 2>&1 &
  BROKER_PID=$!
  SERVER_PIDS+=("$BROKER_PID")
  wait_port "$port" 120
  # ./bolide execs the JVM (same PID); should it ever fork instead, measure the child JVM.
  local child
  child=$(pgrep -P "$BROKER_PID" java || true)
  [ -z "$child" ] || { BROKER_PID=$child; SERVER_PIDS+=("$child"); }
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
  mkdir -p "$dir/store"
  {
    cat <<CONF
brokerClusterName=DefaultCluster
brokerName=broker-a
brokerIP1=127.0.0.1
namesrvAddr=127.0.0.1:$ns
listenPort=$port
haListenPort=$(( port + 1 ))
storePathRootDir=$dir/store
flushDiskType=ASYNC_FLUSH
autoCreateTopicEnable=true
CONF
    for pair in "$@"; do echo "$pair"; done
  } > "$dir/broker.conf"
}

# `./bolide broker -c DIR/broker.conf` (see bolide_broker_conf): a broker without a name server,
# e.g. a slave. Waits for its port; BROKER_PID is the JVM.
start_bolide_broker() { # dir port
  local dir=$1 port=$2
  BOLIDE_HEAP="$HEAP" JAVA_OPTS="${JVM_OPTS[*]} -Duser.home=$dir ${SERVER_JAVA_OPTS:-}" \
    "$BOLIDE_HOME/bolide" broker -c "$dir/broker.conf" > "$dir/broker.out" 2>&1 &
  BROKER_PID=$!
  SERVER_PIDS+=("$BROKER_PID")
  wait_port "$port" 120
  local child
  child=$(pgrep -P "$BROKER_PID" java || true)
  [ -z "$child" ] || { BROKER_PID=$child; SERVER_PIDS+=("$child"); }
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
  local dir=$1
  mkdir -p "$dir"
  BOLIDE_HEAP="$HEAP" JAVA_OPTS="${JVM_OPTS[*]} -Duser.home=$dir ${SERVER_JAVA_OPTS:-}" \
    "$BOLIDE_HOME/bolide" namesrv -p "$2" > "$dir/namesrv.out" 2>&1 &
  NS_PID=$!
  SERVER_PIDS+=("$NS_PID")
  wait_port "$2" 120
  local child
  child=$(pgrep -P "$NS_PID" java || true)
  [ -z "$child" ] || { NS_PID=$child; SERVER_PIDS+=("$child"); }
}
