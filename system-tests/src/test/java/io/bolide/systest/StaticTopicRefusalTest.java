package io.bolide.systest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.bolide.embedded.BolideExtension;
import io.bolide.embedded.EmbeddedBolide;
import java.io.File;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.common.TopicConfig;
import org.apache.rocketmq.remoting.protocol.statictopic.TopicQueueMappingDetail;
import org.apache.rocketmq.tools.admin.DefaultMQAdminExt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Static topics are not served yet (issue #38). mqadmin 5.5.0's updateStaticTopic reads the
 * broker's topic configs, then sends UPDATE_AND_CREATE_STATIC_TOPIC (513): the broker refuses it
 * with REQUEST_CODE_NOT_SUPPORTED and its reason, and creates neither the topic nor a mapping, so
 * no client ever meets a half-made static topic.
 */
@ExtendWith(BolideExtension.class)
class StaticTopicRefusalTest {
    private static final String TOPIC = "StaticTopicRefused";

    @Test
    void shouldRefuseUpdateStaticTopicWithTheReasonAndCreateNothing(EmbeddedBolide bolide)
            throws Exception {
        MqAdmin mqadmin = new MqAdmin(bolide.nameServerAddress());
        try {
            mqadmin.run("updateStaticTopic", "-c", "DefaultCluster", "-t", TOPIC, "-qn", "4");
        } finally {
            removeSavedMappings();
        }
        assertThat(mqadmin.run("topicList")).doesNotContain(TOPIC);

        DefaultMQAdminExt admin = new DefaultMQAdminExt(5000);
        admin.setNamesrvAddr(bolide.nameServerAddress());
        admin.setInstanceName("static-topic-" + ProcessHandle.current().pid());
        admin.start();
        try {
            TopicConfig config = new TopicConfig(TOPIC, 4, 4);
            TopicQueueMappingDetail mapping =
                    new TopicQueueMappingDetail(TOPIC, 4, bolide.broker().config().brokerName(), 1);
            assertThatThrownBy(
                            () ->
                                    admin.createStaticTopic(
                                            bolide.brokerAddress(),
                                            "TBW102",
                                            config,
                                            mapping,
                                            false))
                    .isInstanceOfSatisfying(
                            MQBrokerException.class,
                            e -> {
                                assertThat(e.getResponseCode()).isEqualTo(3);
                                assertThat(e.getErrorMessage())
                                        .contains("static topics are not served yet");
                            });
        } finally {
            admin.shutdown();
        }
    }

    /** updateStaticTopic saves the mapping it read to the temporary directory before it sends. */
    private static void removeSavedMappings() {
        File[] saved =
                new File(System.getProperty("java.io.tmpdir"))
                        .listFiles((d, name) -> name.startsWith(TOPIC + "-"));
        if (saved != null) {
            for (File file : saved) {
                file.delete();
            }
        }
    }
}
