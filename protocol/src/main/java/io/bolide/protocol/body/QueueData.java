package io.bolide.protocol.body;

/**
 * The queues of a topic on one broker name, as the name server reports them in a route. {@code
 * perm} holds the permission bits (8 priority, 4 read, 2 write, 1 inherit).
 */
public record QueueData(
        String brokerName, int readQueueNums, int writeQueueNums, int perm, int topicSysFlag) {

    /** The same queues with other permission bits. */
    public QueueData withPerm(int newPerm) {
        return new QueueData(brokerName, readQueueNums, writeQueueNums, newPerm, topicSysFlag);
    }
}
