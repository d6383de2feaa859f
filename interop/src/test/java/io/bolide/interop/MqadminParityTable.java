package io.bolide.interop;

import io.bolide.protocol.code.Unserved;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Every command of the official mqadmin 5.5.0 ({@code MQAdminStartup.initCommand}), in the order
 * {@link MqadminParityTest} runs them on one standalone broker and name server: its arguments
 * ({@code {broker}}, {@code {topic}} and the other place-holders are filled in per run) and what
 * Bolide is expected to answer next to Apache RocketMQ 5.5.0. A command either agrees (the same
 * success or failure; for {@link Expect#SAME_OUTPUT} also the same normalized output), differs for
 * a reason of the code inventory (a feature Bolide does not have), or is not run, with why.
 */
final class MqadminParityTable {
    /** What Bolide answers next to the reference. */
    enum Expect {
        /** Both succeed, or both fail. */
        SAME_STATUS,
        /** Both succeed or fail and print the same once ids, times and addresses are masked. */
        SAME_OUTPUT,
        /** The reference's answer differs from Bolide's, for {@link Row#reason}. */
        DIFFERS,
        /** Not run against either, for {@link Row#reason}. */
        NOT_RUN
    }

    /** One command: its line (name first) and what to expect. */
    record Row(String command, List<String> args, Expect expect, String reason) {}

    static final String CONTROLLER =
            "needs a controller group, which a standalone broker has none of:"
                    + " ControllerMqAdminTest runs it against Bolide's controller";
    static final String TOOL_BUG =
            "the reference's own tool fails on its broker's answer (fastjson2: \"not support"
                    + " unquoted name\"); against Bolide it writes the metrics file";
    static final String AUTH_OFF =
            "with authentication off the reference answers its user and ACL codes with a system"
                    + " error, Bolide serves them; with ACL 2.0 on both agree (AdminAclInteropTest)";
    static final String ENDLESS = "runs until it is killed (a monitor loop)";

    private static final List<Row> ROWS = new ArrayList<>();

    static {
        topics();
        groups();
        brokers();
        messages();
        clients();
        nameServer();
        store();
        controller();
        auth();
        lite();
    }

    private MqadminParityTable() {}

    static List<Row> rows() {
        return Collections.unmodifiableList(ROWS);
    }

    private static void topics() {
        same("updateTopic", "-b {broker} -t ParityNewTopic -r 2 -w 2");
        same("updateTopicList", "-b {broker} -f {dir}/topics.json");
        same("updateTopicPerm", "-b {broker} -t {topic} -p 6");
        same("topicRoute", "-t {topic}");
        same("topicStatus", "-t {topic}");
        output("topicClusterList", "-t {topic}");
        same("topicList", "");
        same("deleteTopic", "-t ParityDeleteTopic -c {cluster}");
        same("updateStaticTopic", "-t ParityStatic -qn 2 -c {cluster}");
        same("remappingStaticTopic", "-t ParityStatic -c {cluster}");
        same("allocateMQ", "-t {topic} -i 127.0.0.1@1,127.0.0.1@2");
        same("statsAll", "-t {topic}");
        same("updateOrderConf", "-t {topic} -v broker-a:4 -m put");
    }

    private static void groups() {
        same("updateSubGroup", "-b {broker} -g {group}");
        same("updateSubGroupList", "-b {broker} -f {dir}/groups.json");
        same("setConsumeMode", "-b {broker} -t {topic} -g {group} -m POP -q 2");
        same("getConsumerConfig", "-g {group}");
        same("consumerConnection", "-g {group}");
        same("consumerProgress", "-g {group}");
        same("consumerStatus", "-g {group}");
        same("cloneGroupOffset", "-s {group} -d ParityCloneGroup -t {topic}");
        same("resetOffsetByTime", "-g {group} -t {topic} -s -1");
        same("skipAccumulatedMessage", "-g {group} -t {topic}");
        same("deleteSubGroup", "-b {broker} -g ParityDeleteGroup");
    }

    private static void brokers() {
        same("updateBrokerConfig", "-b {broker} -k shortPollingTimeMills -v 2000");
        same("getBrokerConfig", "-b {broker}");
        same("brokerStatus", "-b {broker}");
        same("brokerConsumeStats", "-b {broker}");
        same("producer", "-b {broker}");
        same("clusterList", "");
        same("wipeWritePerm", "-b broker-a");
        same("addWritePerm", "-b broker-a");
        same("sendMsgStatus", "-b broker-a -s 64 -c 2");
        same("haStatus", "-b {broker}");
        same("getBrokerEpoch", "-b {broker}");
        differs("resetMasterFlushOffset", "-b {broker} -o 0", Unserved.ACTING_MASTER);
        same("addBroker", "-c {broker} -b {dir}/none.conf");
        same("removeBroker", "-c {broker} -b {cluster}:broker-a:0");
        same("getColdDataFlowCtrInfo", "-b {broker}");
        same("updateColdDataFlowCtrGroupConfig", "-b {broker} -g {group} -v 1000");
        same("removeColdDataFlowCtrGroupConfig", "-b {broker} -g {group}");
        differs("setCommitLogReadAheadMode", "-b {broker} -m 0", Unserved.READ_AHEAD);
        same("switchTimerEngine", "-b {broker} -e R");
        same("exportMetadata", "-b {broker} -f {dir}/{side}-metadata");
        same("exportConfigs", "-c {cluster} -f {dir}/{side}-configs");
        differs("exportMetrics", "-c {cluster} -f {dir}/{side}-metrics", TOOL_BUG);
        same("exportPopRecord", "-b {broker} -d true");
    }

    private static void messages() {
        same("sendMessage", "-t {topic} -p parity -k ParityKey2");
        same("queryMsgById", "-t {topic} -i {offsetId}");
        same("queryMsgByKey", "-t {topic} -k ParityKey");
        same("queryMsgByUniqueKey", "-t {topic} -i {msgId}");
        same("queryMsgByOffset", "-t {topic} -b broker-a -i {queue} -o 0");
        same("queryMsgTraceById", "-i {msgId}");
        same("printMsg", "-t {topic}");
        same("printMsgByQueue", "-t {topic} -a broker-a -i {queue}");
        same("consumeMessage", "-t {topic} -b broker-a -i {queue} -o 0 -c 1");
        same("queryCq", "-t {topic} -q {queue} -i 0 -c 1 -b {broker}");
        same("checkMsgSendRT", "-t {topic} -a 3 -s 64");
        notRun("clusterRT", "", ENDLESS);
        notRun("startMonitoring", "", ENDLESS);
    }

    private static void clients() {
        same("producerConnection", "-g ParityProducerGroup -t {topic}");
    }

    private static void nameServer() {
        same("updateKvConfig", "-s ParityNamespace -k k1 -v v1");
        same("deleteKvConfig", "-s ParityNamespace -k k1");
        same("getNamesrvConfig", "");
        same("updateNamesrvConfig", "-k scanNotActiveBrokerInterval -v 5000");
    }

    private static void store() {
        same("cleanExpiredCQ", "-b {broker}");
        same("deleteExpiredCommitLog", "-b {broker}");
        same("cleanUnusedTopic", "-b {broker}");
        same("exportMetadataInRocksDB", "-p {dir}/none -t topics");
        same("rocksDBConfigToJson", "-p {dir}/none -t topics");
        differs("checkRocksdbCqWriteProgress", "-c {cluster} -n {ns}", Unserved.ROCKSDB);
        same("dumpCompactionLog", "-f {dir}/none.log");
    }

    private static void controller() {
        notRun("getSyncStateSet", "", CONTROLLER);
        notRun("getControllerMetaData", "", CONTROLLER);
        notRun("getControllerConfig", "", CONTROLLER);
        notRun("updateControllerConfig", "", CONTROLLER);
        notRun("electMaster", "", CONTROLLER);
        notRun("cleanBrokerMetadata", "", CONTROLLER);
    }

    private static void auth() {
        differs("createUser", "-b {broker} -u parity -p parity-secret", AUTH_OFF);
        differs("updateUser", "-b {broker} -u parity -p parity-secret2", AUTH_OFF);
        differs("getUser", "-b {broker} -u parity", AUTH_OFF);
        differs("listUser", "-b {broker}", AUTH_OFF);
        differs("copyUser", "-f {broker} -t {broker} -u parity", AUTH_OFF);
        differs(
                "createAcl",
                "-b {broker} -s User:parity -r Topic:{topic} -a Pub -d Allow",
                AUTH_OFF);
        differs(
                "updateAcl",
                "-b {broker} -s User:parity -r Topic:{topic} -a Pub,Sub -d Allow",
                AUTH_OFF);
        differs("getAcl", "-b {broker} -s User:parity", AUTH_OFF);
        differs("listAcl", "-b {broker}", AUTH_OFF);
        differs("copyAcl", "-f {broker} -t {broker} -s User:parity", AUTH_OFF);
        differs("deleteAcl", "-b {broker} -s User:parity", AUTH_OFF);
        differs("deleteUser", "-b {broker} -u parity", AUTH_OFF);
    }

    private static void lite() {
        same("getBrokerLiteInfo", "-b {broker}");
        same("getParentTopicInfo", "-p {topic}");
        same("getLiteTopicInfo", "-p {topic} -l parity");
        same("getLiteClientInfo", "-p {topic} -g {group} -c parity");
        same("getLiteGroupInfo", "-p {topic} -g {group}");
        same("triggerLiteDispatch", "-p {topic} -g {group} -b broker-a");
    }

    private static void same(String command, String args) {
        add(command, args, Expect.SAME_STATUS, null);
    }

    private static void output(String command, String args) {
        add(command, args, Expect.SAME_OUTPUT, null);
    }

    private static void differs(String command, String args, String reason) {
        add(command, args, Expect.DIFFERS, reason);
    }

    private static void notRun(String command, String args, String reason) {
        add(command, args, Expect.NOT_RUN, reason);
    }

    private static void add(String command, String args, Expect expect, String reason) {
        List<String> line = new ArrayList<>();
        line.add(command);
        for (String arg : args.split(" ")) {
            if (!arg.isEmpty()) {
                line.add(arg);
            }
        }
        ROWS.add(new Row(command, List.copyOf(line), expect, reason));
    }
}
