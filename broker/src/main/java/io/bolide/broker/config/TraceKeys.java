package io.bolide.broker.config;

import io.bolide.remoting.config.Key;

/**
 * The reference's message-trace topic keys, declared here and tabled in {@link BrokerConfigKeys}
 * like every other key. A client with trace on sends its trace records as ordinary messages to this
 * topic; the broker only makes sure the topic exists.
 */
final class TraceKeys {
    static final Key<Boolean> TRACE_TOPIC_ENABLE =
            Key.ofBoolean(
                            "traceTopicEnable",
                            false,
                            "create the message-trace topic (msgTraceTopicName, one queue) at start, as"
                                    + " the reference does, or when turned on live, for clients with"
                                    + " enableMsgTrace")
                    .live();

    static final Key<String> MSG_TRACE_TOPIC_NAME =
            Key.ofNonEmpty(
                            "msgTraceTopicName",
                            "RMQ_SYS_TRACE_TOPIC",
                            "the trace topic traceTopicEnable creates (clients name it with"
                                    + " customizedTraceTopic)")
                    .live();

    private TraceKeys() {}
}
