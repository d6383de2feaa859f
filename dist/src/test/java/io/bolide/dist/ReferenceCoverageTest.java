package io.bolide.dist;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.config.BrokerConfig;
import io.bolide.namesrv.NameServerConfig;
import io.bolide.remoting.config.FileSchema;
import io.bolide.remoting.config.Key;
import io.bolide.remoting.config.ReferenceKeys;
import java.io.IOException;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * Every key Apache RocketMQ 5.5.0 reads from broker.conf and namesrv.conf is classified: applied by
 * a Bolide key, or listed in the reference-keys table as accepted without effect or refused; and
 * nothing is classified that the reference does not read. A new reference release's keys show up
 * here first.
 */
class ReferenceCoverageTest {
    private static final String P = "org.apache.rocketmq.";

    @Test
    void shouldClassifyEveryBrokerConfKeyOfTheReference() throws IOException {
        Set<String> reference =
                ReferenceSetters.keys(
                        P + "common.BrokerConfig",
                        P + "store.config.MessageStoreConfig",
                        P + "remoting.netty.NettyServerConfig",
                        P + "remoting.netty.NettyClientConfig",
                        P + "auth.config.AuthConfig",
                        P + "tieredstore.MessageStoreConfig");

        assertClassified(BrokerConfig.fileSchema(), reference);
        assertThat(reference).hasSizeGreaterThan(500);
    }

    @Test
    void shouldClassifyEveryNamesrvConfKeyOfTheReference() throws IOException {
        Set<String> reference =
                ReferenceSetters.keys(
                        P + "common.namesrv.NamesrvConfig",
                        P + "remoting.netty.NettyServerConfig",
                        P + "remoting.netty.NettyClientConfig",
                        P + "common.ControllerConfig",
                        P + "common.JraftConfig");

        assertClassified(NameServerConfig.fileSchema(), reference);
        assertThat(reference).hasSizeGreaterThan(80);
    }

    private static void assertClassified(FileSchema schema, Set<String> reference) {
        Set<String> classified = new TreeSet<>();
        for (Key<?> key : schema.table().keys()) {
            if (!key.isBolideOnly()) {
                classified.add(key.name());
            }
        }
        for (ReferenceKeys.Entry entry : schema.reference().entries()) {
            if (entry.treatment() != ReferenceKeys.Treatment.LEGACY) {
                classified.add(entry.name());
            }
            if (entry.value() != null) {
                assertThat(
                                schema.reference().accepted(entry.name()) != null
                                        || schema.table().find(entry.name()) != null)
                        .as(
                                "%s=%s is refused, but no other value is accepted",
                                entry.name(), entry.value())
                        .isTrue();
            }
        }
        Set<String> unclassified = new TreeSet<>(reference);
        unclassified.removeAll(classified);
        Set<String> unknownToReference = new TreeSet<>(classified);
        unknownToReference.removeAll(reference);

        assertThat(unclassified)
                .as("%s keys of the reference that Bolide neither applies nor lists", schema.file())
                .isEmpty();
        assertThat(unknownToReference)
                .as("%s keys classified as the reference's that it does not read", schema.file())
                .isEmpty();
    }
}
