package io.bolide.protocol.body;

/** Body of a {@code GET_BROKER_MEMBER_GROUP} response: the processes of one broker name. */
public record GetBrokerMemberGroupResponseBody(BrokerMemberGroup brokerMemberGroup) {}
