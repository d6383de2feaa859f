package io.bolide.broker.auth;

/**
 * What one call of another protocol (a gRPC RPC) needs to be allowed, in the order the reference
 * checks it: the resource names its request carries, with the actions the reference's gRPC
 * authorization asks of each. Names are checked as written (gRPC clients name retry topics never).
 */
public final class CallNeeds {
    final Needs needs = new Needs();

    /** {@code Topic:<topic>} {@code Pub}: a send, an end of transaction. */
    public CallNeeds pub(String topic) {
        needs.topic(topic, Action.PUB.bit());
        return this;
    }

    /** {@code Topic:<topic>} {@code Sub}: what a consumer reads. */
    public CallNeeds sub(String topic) {
        needs.topic(topic, Action.SUB.bit());
        return this;
    }

    /** {@code Group:<group>} {@code Sub}: the consumer group a consumer reads as. */
    public CallNeeds subGroup(String group) {
        needs.literalGroup(group, Action.SUB.bit());
        return this;
    }

    /** {@code Topic:<topic>} {@code Pub} or {@code Sub}: a route query, by producer or consumer. */
    public CallNeeds pubOrSub(String topic) {
        needs.topic(topic, Action.PUB.bit() | Action.SUB.bit());
        return this;
    }

    /** {@code Topic:<topic>} {@code Get}: a topic's settings, status or one of its messages. */
    public CallNeeds getTopic(String topic) {
        needs.topic(topic, Action.GET.bit());
        return this;
    }

    /** {@code Topic:<topic>} {@code Sub} or {@code Get}: QUERY_MESSAGE's need (by key). */
    public CallNeeds queryTopic(String topic) {
        needs.topic(topic, Action.SUB.bit() | Action.GET.bit());
        return this;
    }

    /** {@code Group:<group>} {@code Get}: a group's lag, clients and dead letters. */
    public CallNeeds getGroup(String group) {
        needs.literalGroup(group, Action.GET.bit());
        return this;
    }

    /** {@code Group:<group>} {@code Update}: a group's settings or offsets changed by an admin. */
    public CallNeeds updateGroup(String group) {
        needs.literalGroup(group, Action.UPDATE.bit());
        return this;
    }

    /** {@code Cluster:<name>} {@code Get}: listing users and ACLs (AUTH_LIST_USER, 3005). */
    public CallNeeds getCluster(String clusterName) {
        needs.add(ResourceType.CLUSTER, clusterName, Action.GET.bit());
        return this;
    }
}
