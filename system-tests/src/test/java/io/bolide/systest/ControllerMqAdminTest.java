package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.Broker;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;

/**
 * The official {@code mqadmin}'s controller commands against a Bolide group in controller mode:
 * getControllerMetaData and getSyncStateSet (answered by the controller), getBrokerEpoch (answered
 * by each broker, GET_BROKER_EPOCH_CACHE) and electMaster (the operator moves the master; the
 * brokers follow); getControllerConfig and updateControllerConfig (answered by the controller
 * addressed, for itself).
 */
class ControllerMqAdminTest {
    @Test
    void shouldAnswerTheControllerCommandsAndMoveTheMasterOnElectMaster() throws Exception {
        try (ControllerGroup group = new ControllerGroup()) {
            Broker a = group.start("a");
            Clients.await("a becomes the master", () -> a.config().brokerId() == 0);
            Broker b = group.start("b");
            Clients.await("b follows a", () -> b.config().brokerId() > 0 && b.linkedToMaster());
            MqAdmin mqadmin = new MqAdmin(group.namesrvAddr());
            String controller = group.controllerAddr();

            Clients.awaitCostly(
                    "getControllerMetaData names the leader",
                    () ->
                            mqadmin.run("getControllerMetaData", "-a", controller)
                                    .contains("#ControllerLeaderAddress\t" + controller));
            Clients.awaitCostly(
                    "b joins the SyncStateSet",
                    () ->
                            mqadmin.run(
                                            "getSyncStateSet",
                                            "-a",
                                            controller,
                                            "-b",
                                            ControllerGroup.BROKER_NAME)
                                    .contains("#SyncStateSetNums\t2"));
            String epochs = mqadmin.run("getBrokerEpoch", "-b", ControllerGroup.BROKER_NAME);
            assertThat(epochs)
                    .contains(a.address())
                    .contains(b.address())
                    .contains("#Epoch: EpochEntry{epoch=1,");

            long bId = b.config().brokerId();
            String elected =
                    mqadmin.run(
                            "electMaster",
                            "-a",
                            controller,
                            "-c",
                            ControllerGroup.CLUSTER,
                            "-bn",
                            ControllerGroup.BROKER_NAME,
                            "-b",
                            Long.toString(bId));
            assertThat(elected).contains(b.address());
            Clients.await(
                    "b becomes the master and a its slave",
                    () -> b.config().brokerId() == 0 && a.config().brokerId() > 0);
            DefaultMQAdminExt admin = MasterSlaveGroupTest.admin(group.namesrvAddr());
            try {
                Clients.awaitCostly(
                        "the name server routes to b as master",
                        () -> masterOf(admin).equals(b.address()));
            } finally {
                admin.shutdown();
            }
        }
    }

    @Test
    void shouldShowAndUpdateTheControllerConfig() throws Exception {
        try (ControllerGroup group = new ControllerGroup()) {
            MqAdmin mqadmin = new MqAdmin(group.namesrvAddr());
            String controller = group.controllerAddr();

            assertThat(mqadmin.run("getControllerConfig", "-a", controller))
                    .containsPattern("controllerHeartBeatTimeoutMills\\s*=\\s*1500\\b")
                    .containsPattern("jRaftControllerRPCAddr\\s*=\\s*" + controller);

            String updated =
                    mqadmin.run(
                            "updateControllerConfig",
                            "-a",
                            controller,
                            "-k",
                            "controllerHeartBeatTimeoutMills",
                            "-v",
                            "4000");
            assertThat(updated).contains("update controller config success");
            assertThat(mqadmin.run("getControllerConfig", "-a", controller))
                    .containsPattern("controllerHeartBeatTimeoutMills\\s*=\\s*4000\\b");

            // a key the controller cannot change while it runs is refused and left as it was
            String refused =
                    mqadmin.run(
                            "updateControllerConfig",
                            "-a",
                            controller,
                            "-k",
                            "jRaftGroupId",
                            "-v",
                            "other");
            assertThat(refused).doesNotContain("update controller config success");
            assertThat(mqadmin.run("getControllerConfig", "-a", controller))
                    .containsPattern("jRaftGroupId\\s*=\\s*jRaft-Controller\\b");
        }
    }

    private static String masterOf(DefaultMQAdminExt admin) {
        try {
            return admin.examineBrokerClusterInfo()
                    .getBrokerAddrTable()
                    .get(ControllerGroup.BROKER_NAME)
                    .getBrokerAddrs()
                    .getOrDefault(0L, "");
        } catch (Exception e) {
            return "";
        }
    }
}
