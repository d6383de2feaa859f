package io.bolide.broker.grpc;

import io.bolide.grpc.v2.Code;
import io.bolide.protocol.message.NameRules;

/** Topic and group names from a request, checked before anything looks them up. */
final class Names {
    private Names() {}

    static void check(String what, String name) throws BadRequest {
        boolean topic = what.equals("topic");
        int max = topic ? NameRules.TOPIC_MAX_LENGTH : NameRules.GROUP_MAX_LENGTH;
        if (name == null
                || name.isEmpty()
                || name.length() > max
                || !NameRules.hasOnlyValidChars(name)) {
            throw new BadRequest(
                    topic ? Code.ILLEGAL_TOPIC : Code.ILLEGAL_CONSUMER_GROUP,
                    what + " name is empty, longer than " + max + " or has illegal characters");
        }
    }
}
