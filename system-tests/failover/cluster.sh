#!/usr/bin/env bash
# The fail-over campaign's cluster in network namespaces (issue #19), one command per call:
#
#   cluster.sh up | down            create / remove every namespace, link, mount and process
#   cluster.sh start NODE           start NODE's server in its namespace (idempotent)
#   cluster.sh kill NODE            SIGKILL NODE's server
#   cluster.sh pause|resume NODE    SIGSTOP / SIGCONT NODE's server
#   cluster.sh isolate NODE PEERS.. drop NODE's traffic to and from PEERS (node names)
#   cluster.sh lossy NODE PERCENT   drop PERCENT % of NODE's packets (both ways, every peer)
#   cluster.sh slow NODE MS         MS of latency on NODE's replication link (toxiproxy)
#   cluster.sh heal NODE            undo isolate, lossy and slow on NODE
#   cluster.sh fill|unfill NODE     fill NODE's store file system to the last byte / free it again
#   cluster.sh addr NODE            NODE's address
#   cluster.sh exec CLASSPATH MAIN JVM-OPTIONS..  run a JVM in the client namespace (foreground)
#
# Nodes: c1 c2 c3 (name server with the controller embedded, jRaft), a0 a1 a2 (group fo-a), b0 b1
# (group fo-b), tx (toxiproxy), cli (the client). Each lives in namespace NS-NODE with one veth to
# a bridge in namespace NS-sw; addresses are 198.18.46.0/24 (the benchmarking range, RFC 2544),
# assigned only inside these namespaces, so no packet leaves them. Every broker's store is a tmpfs
# of its own (STORE_MB), so a disk-full slave is a `fill`. Every broker reaches its peers' HA port
# through toxiproxy in NS-tx (DNAT in the broker's namespace), so `slow` delays one replica's link.
#
# Environment: NS (prefix of every namespace and link, default bfo; runs with different prefixes
# do not see each other: the CI test's is bfc), IMPL=apache|bolide, RUN_DIR (state, logs, stores),
# ROOT (repository), TOXIPROXY (the toxiproxy-server binary; without it `slow` fails and the
# campaign skips that fault).
set -euo pipefail

ROOT="${ROOT:-$(cd "$(dirname "$0")/../.." && pwd)}"
IMPL="${IMPL:-apache}"
NS="${NS:-bfo}"
RUN_DIR="${RUN_DIR:-$ROOT/system-tests/target/failover}"
APACHE_LIB="${APACHE_LIB:-$ROOT/bench/target/apache-lib-5.5.0}"
STORE_MB="${STORE_MB:-160}"
NET=198.18.46
NS_PORT=46876
CTL_PORT=46878
RAFT_PORT=46880
BROKER_PORT=46911
HA_PORT=46912
TOXI_API=46474
NODES="c1 c2 c3 a0 a1 a2 b0 b1 tx cli"
BROKERS="a0 a1 a2 b0 b1"

addr() {
  case "$1" in
    c1) echo "$NET.11" ;; c2) echo "$NET.12" ;; c3) echo "$NET.13" ;;
    a0) echo "$NET.21" ;; a1) echo "$NET.22" ;; a2) echo "$NET.23" ;;
    b0) echo "$NET.31" ;; b1) echo "$NET.32" ;;
    tx) echo "$NET.40" ;; cli) echo "$NET.100" ;;
    *) echo "unknown node $1" >&2; return 1 ;;
  esac
}

# The toxiproxy listen port standing for broker NODE's HA port.
toxi_port() { echo $(( 46000 + ${1:1:1} + $( [ "${1:0:1}" = a ] && echo 0 || echo 10 ) )); }

in_ns() { local node=$1; shift; ip netns exec "${NS}-$node" "$@"; }

up() {
  down >/dev/null 2>&1 || true
  mkdir -p "$RUN_DIR"
  ip netns add ${NS}-sw
  ip -n ${NS}-sw link add ${NS}-br type bridge
  ip -n ${NS}-sw link set ${NS}-br up
  for node in $NODES; do
    ip netns add "${NS}-$node"
    ip link add "${NS}-v$node" type veth peer name "${NS}-p$node"
    ip link set "${NS}-v$node" netns ${NS}-sw
    ip link set "${NS}-p$node" netns "${NS}-$node"
    ip -n ${NS}-sw link set "${NS}-v$node" master ${NS}-br up
    ip -n "${NS}-$node" addr add "$(addr "$node")/24" dev "${NS}-p$node"
    ip -n "${NS}-$node" link set "${NS}-p$node" up
    ip -n "${NS}-$node" link set lo up
  done
  for node in $BROKERS; do
    mkdir -p "$RUN_DIR/$node/store"
    mount -t tmpfs -o "size=${STORE_MB}m" "${NS}-$node" "$RUN_DIR/$node/store"
    for peer in $BROKERS; do
      [ "$peer" = "$node" ] && continue
      in_ns "$node" iptables -t nat -A OUTPUT -p tcp -d "$(addr "$peer")" --dport "$HA_PORT" \
        -j DNAT --to-destination "$(addr tx):$(toxi_port "$peer")"
    done
  done
  start_toxiproxy
}

start_toxiproxy() {
  [ -n "${TOXIPROXY:-}" ] && [ -x "$TOXIPROXY" ] || {
    echo "cluster: no toxiproxy (TOXIPROXY unset): HA links go direct" >&2
    for node in $BROKERS; do in_ns "$node" iptables -t nat -F OUTPUT; done
    return 0
  }
  mkdir -p "$RUN_DIR/tx"
  ip netns exec ${NS}-tx setsid nice -n 19 "$TOXIPROXY" -host "$(addr tx)" -port "$TOXI_API" \
    > "$RUN_DIR/tx/toxiproxy.log" 2>&1 < /dev/null &
  echo $! > "$RUN_DIR/tx/pid"
  wait_port tx "$TOXI_API" 30
  for node in $BROKERS; do
    toxi POST /proxies "{\"name\":\"$node\",\"listen\":\"$(addr tx):$(toxi_port "$node")\",\"upstream\":\"$(addr "$node"):$HA_PORT\"}" > /dev/null
  done
}

# A toxiproxy API call from the toxiproxy namespace (curl may be missing: bash's /dev/tcp).
toxi() { # method path [json]
  local body="${3:-}"
  in_ns tx bash -c 'exec 3<>/dev/tcp/$0/$1; printf "%s %s HTTP/1.0\r\nContent-Type: application/json\r\nContent-Length: %s\r\n\r\n%s" "$2" "$3" "${#4}" "$4" >&3; cat <&3' \
    "$(addr tx)" "$TOXI_API" "$1" "$2" "$body"
}

down() {
  for node in $NODES; do
    if ip netns list | grep -qw "${NS}-$node"; then
      for pid in $(ip netns pids "${NS}-$node" 2>/dev/null); do kill -CONT "$pid" 2>/dev/null || true; kill -9 "$pid" 2>/dev/null || true; done
    fi
  done
  for node in $BROKERS; do
    mountpoint -q "$RUN_DIR/$node/store" 2>/dev/null && umount -l "$RUN_DIR/$node/store" || true
  done
  for node in $NODES sw; do ip netns del "${NS}-$node" 2>/dev/null || true; done
  ip netns list | grep "^${NS}-" && { echo "cluster: namespaces left" >&2; return 1; }
  return 0
}

wait_port() { # node port seconds
  local deadline=$(( $(date +%s) + $3 ))
  until in_ns "$1" bash -c "exec 3<>/dev/tcp/$(addr "$1")/$2" 2>/dev/null; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "cluster: $1 port $2 not open after $3 s" >&2; return 1; }
    sleep 0.2
  done
}

pid_of() { cat "$RUN_DIR/$1/pid" 2>/dev/null || true; }

# Running or stopped, not gone nor a zombie waiting to be reaped.
alive() {
  local pid state
  pid=$(pid_of "$1")
  [ -n "$pid" ] && state=$(awk '{ print $3 }' "/proc/$pid/stat" 2>/dev/null) && [ -n "$state" ] && [ "$state" != Z ]
}

# SIGKILL, then wait until the process is gone: a start right after must not see it alive.
kill_node() {
  local pid deadline=$(( $(date +%s) + 30 ))
  pid=$(pid_of "$1")
  [ -n "$pid" ] || return 0
  kill -CONT "$pid" 2>/dev/null || true
  kill -9 "$pid" 2>/dev/null || true
  while alive "$1"; do
    [ "$(date +%s)" -lt "$deadline" ] || { echo "cluster: $1 ($pid) survives kill -9" >&2; return 1; }
    sleep 0.05
  done
}

namesrv_list() { echo "$(addr c1):$NS_PORT;$(addr c2):$NS_PORT;$(addr c3):$NS_PORT"; }

controller_conf() { # node
  cat <<CONF
listenPort=$NS_PORT
enableControllerInNamesrv=true
controllerType=jRaft
jRaftGroupId=${NS}-controllers
jRaftServerId=$(addr "$1"):$RAFT_PORT
jRaftInitConf=$(addr c1):$RAFT_PORT,$(addr c2):$RAFT_PORT,$(addr c3):$RAFT_PORT
jRaftControllerRPCAddr=$(addr c1):$CTL_PORT,$(addr c2):$CTL_PORT,$(addr c3):$CTL_PORT
jRaftElectionTimeoutMs=1000
jRaftSnapshotIntervalSecs=30
controllerStorePath=$RUN_DIR/$1/controller-store
scanNotActiveBrokerInterval=1000
scanInactiveMasterInterval=1000
enableElectUncleanMaster=false
CONF
}

broker_conf() { # node
  local group=fo-${1:0:1}
  cat <<CONF
brokerClusterName=FoCluster
brokerName=$group
brokerIP1=$(addr "$1")
brokerIP2=$(addr "$1")
namesrvAddr=$(namesrv_list)
listenPort=$BROKER_PORT
haListenPort=$HA_PORT
storePathRootDir=$RUN_DIR/$1/store
storePathCommitLog=$RUN_DIR/$1/store/commitlog
mappedFileSizeCommitLog=16777216
mappedFileSizeConsumeQueue=60000
flushDiskType=ASYNC_FLUSH
autoCreateTopicEnable=true
slaveReadEnable=true
enableControllerMode=true
controllerAddr=$(addr c1):$CTL_PORT;$(addr c2):$CTL_PORT;$(addr c3):$CTL_PORT
allAckInSyncStateSet=true
syncFlushTimeout=3000
controllerHeartBeatTimeoutMills=4000
syncBrokerMetadataPeriod=1000
checkSyncStateSetPeriod=1000
syncControllerMetadataPeriod=2000
haMaxTimeSlaveNotCatchup=5000
haSendHeartbeatInterval=1000
haHousekeepingInterval=10000
diskMaxUsedSpaceRatio=95
CONF
}

start() { # node
  local node=$1 dir="$RUN_DIR/$1" main conf log
  alive "$node" && return 0
  mkdir -p "$dir"
  case "$node" in
    c?) controller_conf "$node" > "$dir/namesrv.conf"; conf=$dir/namesrv.conf; main=namesrv ;;
    a?|b?) broker_conf "$node" > "$dir/broker.conf"; conf=$dir/broker.conf; main=broker ;;
    *) echo "cluster: $node runs no server" >&2; return 1 ;;
  esac
  log="$dir/$main.out"
  echo "=== start $(date -u +%T.%N)" >> "$log"
  local heap=(-Xms64m -Xmx256m -XX:MaxDirectMemorySize=256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1)
  if [ "$IMPL" = apache ]; then
    local class=org.apache.rocketmq.namesrv.NamesrvStartup
    [ "$main" = broker ] && class=org.apache.rocketmq.broker.BrokerStartup
    ROCKETMQ_HOME="$dir" ip netns exec "${NS}-$node" setsid nice -n 19 java "${heap[@]}" -Duser.home="$dir" \
      --add-opens java.base/java.nio=ALL-UNNAMED --add-opens java.base/sun.nio.ch=ALL-UNNAMED \
      --add-exports java.base/sun.nio.ch=ALL-UNNAMED --add-opens java.base/java.lang=ALL-UNNAMED \
      --add-opens java.base/java.util=ALL-UNNAMED --add-opens java.base/java.util.concurrent=ALL-UNNAMED \
      --add-opens java.base/java.util.concurrent.atomic=ALL-UNNAMED \
      -Drocketmq.client.logRoot="$dir/logs" -cp "$APACHE_LIB/*" "$class" -c "$conf" \
      >> "$log" 2>&1 < /dev/null &
  else
    BOLIDE_HEAP=256m JAVA_OPTS="-Duser.home=$dir -XX:MaxDirectMemorySize=256m" \
      ip netns exec "${NS}-$node" setsid nice -n 19 "$ROOT/bolide" "$main" -c "$conf" >> "$log" 2>&1 < /dev/null &
  fi
  echo $! > "$dir/pid"
}

isolate() { # node peers...
  local node=$1; shift
  for peer in "$@"; do
    for side in "$node:$peer" "$peer:$node"; do
      local from=${side%%:*} to=${side##*:}
      in_ns "$from" iptables -I OUTPUT -d "$(addr "$to")" -j DROP -m comment --comment bfo
      in_ns "$from" iptables -I INPUT -s "$(addr "$to")" -j DROP -m comment --comment bfo
    done
  done
}

heal() { # every filter rule this script added, in every namespace
  # toxiproxy's namespace too: a partitioned slave is cut off from it (its HA link runs through
  # it), and a rule left there kept the slave from ever linking to its master again.
  for ns in $NODES; do
    in_ns "$ns" iptables -F INPUT
    in_ns "$ns" iptables -F OUTPUT
  done
  if [ -f "$RUN_DIR/tx/pid" ]; then
    for proxy in $BROKERS; do toxi DELETE "/proxies/$proxy/toxics/slow" > /dev/null 2>&1 || true; done
  fi
}

cmd=${1:-}
shift || true
case "$cmd" in
  up) up ;;
  down) down ;;
  start) start "$1" ;;
  kill) kill_node "$1" ;;
  pause) pid=$(pid_of "$1"); [ -z "$pid" ] || kill -STOP "$pid" 2>/dev/null || true ;;
  resume) pid=$(pid_of "$1"); [ -z "$pid" ] || kill -CONT "$pid" 2>/dev/null || true ;;
  alive) alive "$1" ;;
  isolate) isolate "$@" ;;
  lossy)
    p=$(awk -v p="$2" 'BEGIN { printf "%.2f", p / 100 }')
    in_ns "$1" iptables -I INPUT -m statistic --mode random --probability "$p" -j DROP
    in_ns "$1" iptables -I OUTPUT -m statistic --mode random --probability "$p" -j DROP ;;
  slow)
    [ -f "$RUN_DIR/tx/pid" ] || { echo "cluster: no toxiproxy" >&2; exit 3; }
    toxi POST "/proxies/$1/toxics" "{\"name\":\"slow\",\"type\":\"latency\",\"stream\":\"downstream\",\"attributes\":{\"latency\":$2,\"jitter\":$(( $2 / 4 ))}}" > /dev/null ;;
  heal) heal ;;
  fill)
    fallocate -l "$(( STORE_MB * 2 ))m" "$RUN_DIR/$1/store/filler" 2>/dev/null || true
    dd if=/dev/zero of="$RUN_DIR/$1/store/filler2" bs=1M 2>/dev/null || true ;;
  unfill) rm -f "$RUN_DIR/$1/store/filler" "$RUN_DIR/$1/store/filler2" ;;
  addr) addr "$1" ;;
  exec)
    cp=$1 main=$2; shift 2
    in_ns cli nice -n 19 java -Xmx512m "$@" -cp "$cp" "$main" ;;
  *) sed -n '2,16p' "$0"; exit 2 ;;
esac
