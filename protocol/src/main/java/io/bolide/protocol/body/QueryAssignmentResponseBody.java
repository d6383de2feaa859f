package io.bolide.protocol.body;

import java.util.Set;

/** Body of a {@code QUERY_ASSIGNMENT} (400) response: the queues the consumer should read. */
public record QueryAssignmentResponseBody(Set<MessageQueueAssignment> messageQueueAssignments) {

    /** Copies the assignments, null becoming empty. */
    public QueryAssignmentResponseBody {
        messageQueueAssignments = Frozen.set(messageQueueAssignments);
    }
}
