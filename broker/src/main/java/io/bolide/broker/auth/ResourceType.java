package io.bolide.broker.auth;

/** What a policy entry or a request names: the cluster, a topic, a group, or anything. */
enum ResourceType {
    ANY("Any"),
    CLUSTER("Cluster"),
    TOPIC("Topic"),
    GROUP("Group");

    private final String wireName;

    ResourceType(String wireName) {
        this.wireName = wireName;
    }

    String wireName() {
        return wireName;
    }

    /** The type named {@code name} (any case), or null. */
    static ResourceType parse(String name) {
        for (ResourceType type : values()) {
            if (type.wireName.equalsIgnoreCase(name)) {
                return type;
            }
        }
        return null;
    }
}
