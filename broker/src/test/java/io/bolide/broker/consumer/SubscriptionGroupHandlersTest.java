package io.bolide.broker.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import io.bolide.broker.fixture.Wire;
import io.bolide.broker.fixture.Wire.Reply;
import io.bolide.protocol.body.SubscriptionGroupConfig;
import io.bolide.protocol.body.SubscriptionGroupWrapper;
import io.bolide.protocol.code.RequestCode;
import io.bolide.protocol.code.ResponseCode;
import io.bolide.testsupport.LeakCheck;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The subscription-group admin codes: create or update, get one, get all, delete. */
@ExtendWith(LeakCheck.class)
class SubscriptionGroupHandlersTest {
    @TempDir Path dir;
    private ConsumerFixture broker;

    @BeforeEach
    void open() throws Exception {
        broker = new ConsumerFixture(dir);
    }

    @AfterEach
    void close() throws Exception {
        broker.close();
    }

    private Reply put(SubscriptionGroupConfig config) {
        return broker.callJson(RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP, Map.of(), config);
    }

    private Reply get(String group) {
        return broker.call(RequestCode.GET_SUBSCRIPTIONGROUP_CONFIG, Wire.fields("group", group));
    }

    @Test
    void shouldCreateAndReadBackAGroup() {
        SubscriptionGroupConfig config =
                SubscriptionGroupConfig.builder("orders").retryMaxTimes(3).build();

        assertThat(put(config).code()).isEqualTo(ResponseCode.SUCCESS);

        Reply reply = get("orders");
        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.json(SubscriptionGroupConfig.class)).isEqualTo(config);
    }

    @Test
    void shouldReplaceAnExistingGroup() {
        put(SubscriptionGroupConfig.builder("orders").retryMaxTimes(3).build());
        put(SubscriptionGroupConfig.builder("orders").retryMaxTimes(7).build());

        assertThat(broker.groups.get("orders").retryMaxTimes()).isEqualTo(7);
    }

    @Test
    void shouldRefuseAnIllegalGroupName() {
        Reply reply = put(SubscriptionGroupConfig.builder("bad name!").build());

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(reply.remark()).isEqualTo("the group name[bad name!] is illegal");
        assertThat(broker.groups.get("bad name!")).isNull();
    }

    @Test
    void shouldRefuseAnUpdateWithoutBody() {
        Reply reply =
                Wire.call(
                        broker.server,
                        RequestCode.UPDATE_AND_CREATE_SUBSCRIPTIONGROUP,
                        Map.of(),
                        null);

        assertThat(reply.code()).isEqualTo(ResponseCode.SYSTEM_ERROR);
    }

    @Test
    void shouldCreateAnUnknownGroupWithTheDefaultsWhileAutoCreationIsOn() {
        Reply reply = get("newcomer");

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.json(SubscriptionGroupConfig.class))
                .isEqualTo(SubscriptionGroupConfig.builder("newcomer").build());
        assertThat(broker.groups.get("newcomer")).isNotNull();
    }

    @Test
    void shouldAnswerGroupNotExistForAnUnknownGroupWhenAutoCreationIsOff() {
        broker.autoCreateGroups = false;

        Reply reply = get("nobody");

        assertThat(reply.code()).isEqualTo(ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST);
        assertThat(reply.remark()).isEqualTo("No group in this broker");
        assertThat(broker.groups.get("nobody")).isNull();
    }

    @Test
    void shouldListEveryGroupWithTheirCount() {
        put(SubscriptionGroupConfig.builder("a").build());
        put(SubscriptionGroupConfig.builder("b").build());

        Reply reply = broker.call(RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG, Map.of());

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(reply.longField("totalGroupNum")).isEqualTo(2);
        assertThat(reply.json(SubscriptionGroupWrapper.class).subscriptionGroupTable())
                .containsOnlyKeys("a", "b");
    }

    @Test
    void shouldDeleteAGroupAndKeepItsOffsetsUnlessAskedToClean() {
        put(SubscriptionGroupConfig.builder("a").build());
        broker.offsets.commit("a", "T", 0, 5);

        Reply reply =
                broker.call(RequestCode.DELETE_SUBSCRIPTIONGROUP, Wire.fields("groupName", "a"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
        assertThat(broker.groups.get("a")).isNull();
        assertThat(broker.offsets.query("a", "T", 0)).isEqualTo(5);
    }

    @Test
    void shouldDeleteTheOffsetsOfAGroupWhenAskedToClean() {
        put(SubscriptionGroupConfig.builder("a").build());
        broker.offsets.commit("a", "T", 0, 5);
        broker.offsets.commit("b", "T", 0, 6);

        broker.call(
                RequestCode.DELETE_SUBSCRIPTIONGROUP,
                Wire.fields("groupName", "a", "cleanOffset", true));

        assertThat(broker.offsets.query("a", "T", 0)).isEqualTo(-1);
        assertThat(broker.offsets.query("b", "T", 0)).isEqualTo(6);
    }

    @Test
    void shouldSucceedDeletingAnUnknownGroup() {
        Reply reply =
                broker.call(RequestCode.DELETE_SUBSCRIPTIONGROUP, Wire.fields("groupName", "none"));

        assertThat(reply.code()).isEqualTo(ResponseCode.SUCCESS);
    }
}
