package io.bolide.namesrv;

import static io.bolide.namesrv.ApacheCallers.register;
import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.testsupport.Await;
import io.bolide.testsupport.ClientVersionDependent;
import java.time.Duration;
import org.apache.rocketmq.broker.out.BrokerOuterAPI;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.SerializeType;
import org.apache.rocketmq.remoting.protocol.body.BrokerMemberGroup;
import org.junit.jupiter.api.Test;

/**
 * GET_UNIT_TOPIC_LIST (311), GET_HAS_UNIT_SUB_TOPIC_LIST (312), GET_HAS_UNIT_SUB_UNUNIT_TOPIC_LIST
 * (313) and GET_BROKER_MEMBER_GROUP (901) asked by the reference's own client and broker API, on
 * topics a reference broker registered with unit flags.
 */
@ClientVersionDependent
class UnitListsAndMemberGroupTest {
    @Test
    void shouldListUnitTopicsByFlagAndNameTheGroupsMembers() throws Exception {
        ApacheCallers.init();
        NameServer nameServer =
                NameServer.start(
                        NameServerConfig.builder().bindAddress("127.0.0.1").listenPort(0).build());
        String address = "127.0.0.1:" + nameServer.port();
        BrokerOuterAPI broker = ApacheCallers.broker(address, SerializeType.JSON);
        MQClientAPIImpl client = ApacheCallers.client(address, SerializeType.JSON);
        try {
            broker.updateNameServerAddressList(address);
            client.updateNameServerAddressList(address);
            Await.until(
                    Duration.ofSeconds(20),
                    () -> broker.getRemotingClient().getAvailableNameSrvList().contains(address),
                    "the broker to see the name server");
            register(
                    broker,
                    "127.0.0.1:10911",
                    0,
                    ApacheCallers.topics(
                            1,
                            flagged("Plain", 0),
                            flagged("Unit", 1),
                            flagged("UnitSub", 2),
                            flagged("Both", 3)),
                    false);

            assertThat(client.getUnitTopicList(false, 3_000).getTopicList())
                    .containsExactlyInAnyOrder("Unit", "Both");
            assertThat(client.getHasUnitSubTopicList(false, 3_000).getTopicList())
                    .containsExactlyInAnyOrder("UnitSub", "Both");
            assertThat(client.getHasUnitSubUnUnitTopicList(false, 3_000).getTopicList())
                    .containsExactly("UnitSub");
            BrokerMemberGroup group =
                    broker.getBrokerMemberGroup(ApacheCallers.CLUSTER, "broker-a");
            assertThat(group.getBrokerAddrs()).containsEntry(0L, "127.0.0.1:10911").hasSize(1);
            assertThat(
                            broker.getBrokerMemberGroup(ApacheCallers.CLUSTER, "nobody")
                                    .getBrokerAddrs())
                    .isEmpty();
        } finally {
            broker.shutdown();
            client.shutdown();
            nameServer.close();
        }
    }

    private static TopicConfig flagged(String name, int sysFlag) {
        TopicConfig config = new TopicConfig(name, 4, 4, 6);
        config.setTopicSysFlag(sysFlag);
        return config;
    }
}
