package io.bolide.broker.auth;

/**
 * What a request does to a resource, as policies name it. Each action is one bit, so a policy
 * entry's actions and a request's needs meet in one AND.
 */
enum Action {
    PUB("Pub"),
    SUB("Sub"),
    CREATE("Create"),
    UPDATE("Update"),
    DELETE("Delete"),
    GET("Get"),
    LIST("List");

    /** {@code All} in a policy: every action. */
    static final int ALL = (1 << values().length) - 1;

    private final String wireName;

    Action(String wireName) {
        this.wireName = wireName;
    }

    int bit() {
        return 1 << ordinal();
    }

    String wireName() {
        return wireName;
    }

    /**
     * The bits of a policy's action name ({@code All} is every bit); 0 for {@code Any}, which a
     * policy may not use, and -1 for a name nobody knows. Case is ignored, as the reference does.
     */
    static int parse(String name) {
        if ("All".equalsIgnoreCase(name)) {
            return ALL;
        }
        if ("Any".equalsIgnoreCase(name)) {
            return 0;
        }
        for (Action action : values()) {
            if (action.wireName.equalsIgnoreCase(name)) {
                return action.bit();
            }
        }
        return -1;
    }
}
